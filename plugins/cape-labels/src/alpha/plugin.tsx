import {
  ApiBlueprint,
  createFrontendPlugin,
  coreApis,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import { rootRouteRef, towerRouteRef } from '../routes';
import { HomePageWidgetBlueprint } from '@backstage/plugin-home-react/alpha';
import { capeLabelsApiRef, CapeLabelsClient } from '../api';
import { CapeLabelsIcon } from './CapeLabelsIcon';
import { capeLabelsTranslationRef } from '../translation';
import { capeLabelsEntityCard } from '../components/EntityCapeLabelsCard/entityCardExtension';

export { capeLabelsEntityCard };

/**
 * Extension `api:cape-labels`: the `CapeLabelsClient`.
 * @alpha
 */
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
 * @alpha
 */
export const capeLabelsPage = PageBlueprint.make({
  params: {
    path: '/cape-labels',
    title: capeLabelsTranslationRef('page.title'),
    icon: <CapeLabelsIcon />,
    routeRef: rootRouteRef,
    loader: () =>
      import('../components/CapeLabelsPage').then(m => (
        <m.CapeLabelsPageContent />
      )),
  },
});

/**
 * Extension `home-page-widget:cape-labels/card`: the card as a widget of the
 * home plugin's page.
 * @alpha
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
        Content: () => <m.CapeLabelsContent />,
      })),
  },
});

/**
 * The cape-labels plugin for the new frontend system (the default export of `./alpha`).
 * @alpha
 */
export const capeLabelsFrontendPlugin = createFrontendPlugin({
  pluginId: 'cape-labels',
  title: 'CAPE labels',
  icon: <CapeLabelsIcon />,
  info: { packageJson: () => import('../../package.json') },
  routes: { root: rootRouteRef, tower: towerRouteRef },
  extensions: [
    capeLabelsApi,
    capeLabelsPage,
    capeLabelsHomeWidget,
    capeLabelsEntityCard,
  ],
});
