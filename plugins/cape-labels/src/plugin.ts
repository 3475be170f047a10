import {
  createApiFactory,
  createComponentExtension,
  createPlugin,
  createRoutableExtension,
  discoveryApiRef,
  fetchApiRef,
} from '@backstage/core-plugin-api';
import { capeLabelsApiRef, CapeLabelsClient } from './api';
import { rootRouteRef, towerRouteRef } from './routes';

/**
 * The cape-labels plugin for the legacy frontend system.
 * @public
 */
export const capeLabelsPlugin = createPlugin({
  id: 'cape-labels',
  apis: [
    createApiFactory({
      api: capeLabelsApiRef,
      deps: { discoveryApi: discoveryApiRef, fetchApi: fetchApiRef },
      factory: ({ discoveryApi, fetchApi }) =>
        new CapeLabelsClient({ discoveryApi, fetchApi }),
    }),
  ],
  routes: { root: rootRouteRef, tower: towerRouteRef },
});

/**
 * The "CAPE orphan labels" card (legacy frontend system).
 * @public
 */
export const CapeLabelsCard = capeLabelsPlugin.provide(
  createComponentExtension({
    name: 'CapeLabelsCard',
    component: {
      lazy: () =>
        import('./components/CapeLabelsCard').then(m => m.CapeLabelsCard),
    },
  }),
);

/**
 * A page with the card, mounted at your chosen path (legacy frontend system).
 * @public
 */
export const CapeLabelsPage = capeLabelsPlugin.provide(
  createRoutableExtension({
    name: 'CapeLabelsPage',
    component: () =>
      import('./components/CapeLabelsPage').then(m => m.CapeLabelsPage),
    mountPoint: rootRouteRef,
  }),
);

/**
 * The Tower's card on its catalog entity page (legacy frontend system); see `isCapeLabelsAvailable`.
 * @public
 */
export const EntityCapeLabelsCard = capeLabelsPlugin.provide(
  createComponentExtension({
    name: 'EntityCapeLabelsCard',
    component: {
      lazy: () =>
        import('./components/EntityCapeLabelsCard').then(
          m => m.EntityCapeLabelsCardContent,
        ),
    },
  }),
);
