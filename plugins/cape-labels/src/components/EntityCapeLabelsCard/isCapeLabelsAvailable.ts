import type { Entity } from '@backstage/catalog-model';
import { CAPE_LABELS_TOWER_ID_ANNOTATION } from '@smartx-cape/plugin-cape-labels-common';

/** True for entities that stand for a configured Tower (the catalog module's Resources). */
export function isCapeLabelsAvailable(entity: Entity): boolean {
  return Boolean(
    entity.metadata.annotations?.[CAPE_LABELS_TOWER_ID_ANNOTATION],
  );
}
