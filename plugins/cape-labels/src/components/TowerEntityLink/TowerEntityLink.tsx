import { entityRouteParams } from '@backstage/plugin-catalog-react';
import { Link } from '@backstage/ui';
import { towerEntityRef } from '@smartx-cape/plugin-cape-labels-common';
import { useLocation } from 'react-router-dom';
import { useEntityRoute } from '../../hooks';
import { useLang } from '../../translation';

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
    <Link href={path} variant="body-small">
      {t('towerRow.catalog')}
    </Link>
  );
};
