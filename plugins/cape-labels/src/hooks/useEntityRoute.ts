import { useRouteRef } from '@backstage/core-plugin-api';
import { entityRouteRef } from '@backstage/plugin-catalog-react';

/** The catalog's entity route, or undefined when the app has no catalog to link to. */
export function useEntityRoute() {
  try {
    // throws (after running all its hooks) when nothing mounts entityRouteRef
    return useRouteRef(entityRouteRef);
  } catch {
    return undefined;
  }
}
