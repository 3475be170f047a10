import { createRouteRef } from '@backstage/core-plugin-api';

/** Route of the cape-labels page (legacy frontend system). */
export const rootRouteRef = createRouteRef({ id: 'cape-labels' });
