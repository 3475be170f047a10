import {
  ApiBlueprint,
  createFrontendPlugin,
  coreApis,
  createRouteRef,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import { compatWrapper } from '@backstage/core-compat-api';
import { HomePageWidgetBlueprint } from '@backstage/plugin-home-react/alpha';
import { capeLabelsApiRef, CapeLabelsClient } from '../api';
import { CapeLabelsIcon } from './CapeLabelsIcon';
import { capeLabelsEntityCard } from '../components/EntityCapeLabelsCard/entityCardExtension';

export { capeLabelsEntityCard };

/** Route of the cape-labels page (new frontend system). */
export const capeLabelsPageRouteRef = createRouteRef();

/** Extension `api:cape-labels`: the {@link CapeLabelsClient}. */
export const capeLabelsApi = ApiBlueprint.make({
  params: defineParams =>
    defineParams({
      api: capeLabelsApiRef,
      deps: { discoveryApi: coreApis.discovery, fetchApi: coreApis.fetch },
      factory: ({ discoveryApi, fetchApi }) =>
        new CapeLabelsClient({ discoveryApi, fetchApi }),
    }),
});

/**
 * Extension `page:cape-labels` at `/cape-labels`; its title and icon also
 * give the nav bar its item.
 */
export const capeLabelsPage = PageBlueprint.make({
  params: {
    path: '/cape-labels',
    title: 'CAPE labels',
    icon: <CapeLabelsIcon />,
    routeRef: capeLabelsPageRouteRef,
    loader: () =>
      import('../components/CapeLabelsPage').then(m =>
        compatWrapper(<m.CapeLabelsPageContent />),
      ),
  },
});

/**
 * Extension `home-page-widget:cape-labels/card`: the card as a widget of the
 * home plugin's page.
 */
export const capeLabelsHomeWidget = HomePageWidgetBlueprint.make({
  name: 'card',
  params: {
    name: 'CapeLabelsCard',
    title: 'CAPE orphan labels',
    description: 'Orphan CAPE labels swept per CloudTower, with last runs',
    layout: {
      width: { minColumns: 6, defaultColumns: 12 },
      height: { minRows: 4, defaultRows: 6 },
    },
    components: () =>
      import('../components/CapeLabelsCard').then(m => ({
        Content: () => compatWrapper(<m.CapeLabelsContent />),
      })),
  },
});

/** The cape-labels plugin for the new frontend system (the package's default export). */
export const capeLabelsFrontendPlugin = createFrontendPlugin({
  pluginId: 'cape-labels',
  title: 'CAPE labels',
  icon: <CapeLabelsIcon />,
  info: { packageJson: () => import('../../package.json') },
  routes: { root: capeLabelsPageRouteRef },
  extensions: [
    capeLabelsApi,
    capeLabelsPage,
    capeLabelsHomeWidget,
    capeLabelsEntityCard,
  ],
});
