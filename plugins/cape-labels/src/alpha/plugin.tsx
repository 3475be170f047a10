import {
  ApiBlueprint,
  createFrontendPlugin,
  coreApis,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import {
  compatWrapper,
  convertLegacyRouteRef,
} from '@backstage/core-compat-api';
import { rootRouteRef, towerRouteRef } from '../routes';
import { HomePageWidgetBlueprint } from '@backstage/plugin-home-react/alpha';
import { capeLabelsApiRef, CapeLabelsClient } from '../api';
import { CapeLabelsIcon } from './CapeLabelsIcon';
import { capeLabelsTranslationRef } from '../translation';
import { capeLabelsEntityCard } from '../components/EntityCapeLabelsCard/entityCardExtension';

export { capeLabelsEntityCard };

/*
 * The legacy route refs, converted in place: the card and the page (shared by both systems)
 * resolve links with the legacy refs, and the new system knows the very same objects.
 */

/** Route of the cape-labels page (new frontend system). */
export const capeLabelsPageRouteRef = convertLegacyRouteRef(rootRouteRef);

/** A Tower's page, `/cape-labels/towers/:towerId` (new frontend system). */
export const capeLabelsTowerRouteRef = convertLegacyRouteRef(towerRouteRef);

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
    title: capeLabelsTranslationRef('page.title'),
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
  routes: { root: capeLabelsPageRouteRef, tower: capeLabelsTowerRouteRef },
  extensions: [
    capeLabelsApi,
    capeLabelsPage,
    capeLabelsHomeWidget,
    capeLabelsEntityCard,
  ],
});
