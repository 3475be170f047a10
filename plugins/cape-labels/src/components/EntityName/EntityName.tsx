import {
  EntityDisplayName,
  EntityRefLink,
} from '@backstage/plugin-catalog-react';
import { useEntityRoute } from '../../hooks';

/** A principal the catalog can know: a user or a group (not `service:<subject>`). */
const CATALOG_PRINCIPAL = /^(user|group):[^:/]+\/[^:/]+$/i;

/**
 * A person or group as the catalog presents them (display name, linked to their page when the
 * app has a catalog); anything else, such as `service:external:pipeline`, as written.
 */
export const EntityName = ({ entityRef }: { entityRef: string }) => {
  const entityRoute = useEntityRoute();
  if (!CATALOG_PRINCIPAL.test(entityRef)) return <>{entityRef}</>;
  if (!entityRoute) return <EntityDisplayName entityRef={entityRef} />;
  return <EntityRefLink entityRef={entityRef} />;
};
