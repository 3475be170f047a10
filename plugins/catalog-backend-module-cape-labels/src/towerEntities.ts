import {
  ANNOTATION_LOCATION,
  ANNOTATION_ORIGIN_LOCATION,
  type ResourceEntity,
} from '@backstage/catalog-model';
import {
  CAPE_LABELS_TOWER_ID_ANNOTATION,
  towerEntityName,
  towerEntityRef,
  type TowerDirectoryEntry,
} from '@smartx-cape/plugin-cape-labels-common';

/** Where the entities come from: the app config, not a file the catalog could read. */
export const TOWER_LOCATION = 'cape-labels-config:capeLabels.towers';

/** The longest `metadata.name` the catalog accepts. */
const MAX_ENTITY_NAME = 63;

export function isRepresentable(tower: TowerDirectoryEntry): boolean {
  return tower.id.length <= MAX_ENTITY_NAME;
}

/**
 * One configured Tower as a catalog `Resource` of type `cloudtower`. A Tower without `owner` owns
 * itself: the catalog needs a `spec.owner`, and a Resource is never among a user's ownership
 * claims, so no group anyone could register claims the entity. The Tower's address is on it only
 * with `link`.
 */
export function towerEntity(
  tower: TowerDirectoryEntry,
  link: boolean,
): ResourceEntity {
  const { kind, namespace, name } = towerEntityName(tower.id);
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind,
    metadata: {
      name,
      namespace,
      title: tower.title,
      description: `SmartX CloudTower ${tower.title}: orphan CAPE labels are swept by the cape-labels plugin.`,
      annotations: {
        [CAPE_LABELS_TOWER_ID_ANNOTATION]: tower.id,
        [ANNOTATION_LOCATION]: TOWER_LOCATION,
        [ANNOTATION_ORIGIN_LOCATION]: TOWER_LOCATION,
      },
      ...(link
        ? {
            links: [
              { url: tower.webUrl, title: 'CloudTower web UI', icon: 'web' },
            ],
          }
        : {}),
    },
    spec: {
      type: 'cloudtower',
      owner: tower.owner ?? towerEntityRef(tower.id),
    },
  };
}
