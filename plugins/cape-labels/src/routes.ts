import { createRouteRef, createSubRouteRef } from '@backstage/core-plugin-api';

/**
 * Route of the cape-labels page (legacy frontend system).
 * @public
 */
export const rootRouteRef = createRouteRef({ id: 'cape-labels' });

/**
 * A Tower's page under the plugin's page: `/cape-labels/towers/:towerId`.
 * @public
 */
export const towerRouteRef = createSubRouteRef({
  id: 'cape-labels-tower',
  parent: rootRouteRef,
  path: '/towers/:towerId',
});

/**
 * The path of {@link towerRouteRef} below the plugin's page, for its `<Routes>`.
 * @public
 */
export const TOWER_PATH = '/towers/:towerId';
