import type { Entity } from '@backstage/catalog-model';
import {
  filterPredicateToFilterFunction,
  type FilterPredicate,
} from '@backstage/filter-predicates';
import { CAPE_LABELS_TOWER_ID_ANNOTATION } from '@smartx-cape/plugin-cape-labels-common';

/**
 * The entities that stand for a configured Tower (the catalog module's Resources), as an entity
 * predicate: the new frontend system's entity card filters with it, and an app's config can
 * replace it.
 * @public
 */
export const capeLabelsEntityPredicate: FilterPredicate = {
  [`metadata.annotations.${CAPE_LABELS_TOWER_ID_ANNOTATION}`]: {
    $exists: true,
  },
};

/**
 * True for entities that stand for a configured Tower (legacy frontend system's `EntitySwitch`).
 * @public
 */
export const isCapeLabelsAvailable: (entity: Entity) => boolean =
  filterPredicateToFilterFunction<Entity>(capeLabelsEntityPredicate);
