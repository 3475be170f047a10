import { useRouteRef } from '@backstage/core-plugin-api';
import {
  entityRouteParams,
  entityRouteRef,
} from '@backstage/plugin-catalog-react';
import { Link } from '@backstage/ui';
import { useLocation } from 'react-router-dom';
import { towerTestIds } from '../../testIds';
import { useLang } from '../../translation';

/** The catalog entity the catalog module emits for a Tower. */
function towerEntityRef(towerId: string): string {
  return `resource:default/${towerId}`;
}

/** The catalog's entity route, or undefined when the app has no catalog to link to. */
function useEntityRoute() {
  try {
    // throws (after running all its hooks) when nothing mounts entityRouteRef
    return useRouteRef(entityRouteRef);
  } catch {
    return undefined;
  }
}

/** A link to the Tower's catalog entity page; nothing without a catalog, or on that page itself. */
export const TowerEntityLink = ({ towerId }: { towerId: string }) => {
  const entityRoute = useEntityRoute();
  const { pathname } = useLocation();
  const { t } = useLang();
  if (!entityRoute) return null;
  const path = entityRoute(
    entityRouteParams(towerEntityRef(towerId), { encodeParams: true }),
  );
  if (pathname.startsWith(path)) return null;
  return (
    <Link
      href={path}
      variant="body-small"
      data-testid={towerTestIds(towerId).entityLink}
    >
      {t('towerRow.catalog')}
    </Link>
  );
};
