import { useRouteRef } from '@backstage/core-plugin-api';
import { towerRouteRef } from '../routes';

/**
 * The link to a Tower's page, or undefined where the plugin's page is not mounted (the card
 * can stand alone on any page). The route tree does not change while the app runs, so the
 * hooks inside run in the same order on every render.
 */
export function useTowerPageLink(): ((towerId: string) => string) | undefined {
  try {
    const link = useRouteRef(towerRouteRef);
    return towerId => link({ towerId });
  } catch {
    return undefined;
  }
}
