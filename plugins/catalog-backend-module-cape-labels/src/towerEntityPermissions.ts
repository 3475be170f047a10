import type { Entity } from '@backstage/catalog-model';
import type { EntitiesSearchFilter } from '@backstage/plugin-catalog-node';
import { catalogEntityPermissionResourceRef } from '@backstage/plugin-catalog-node/alpha';
import {
  AuthorizeResult,
  type PermissionCondition,
  type PermissionCriteria,
  type PolicyDecision,
  type ResourcePermission,
} from '@backstage/plugin-permission-common';
import { createPermissionRule } from '@backstage/plugin-permission-node';
import {
  CAPE_LABELS_TOWER_ID_ANNOTATION,
  CAPE_LABELS_TOWER_RESOURCE_TYPE,
  towerClaimsMatcher,
  type TowerDirectoryEntry,
} from '@smartx-cape/plugin-cape-labels-common';
import { z } from 'zod';

type CatalogEntityType = typeof catalogEntityPermissionResourceRef.resourceType;
type TowerType = typeof CAPE_LABELS_TOWER_RESOURCE_TYPE;

const TOWER_ID_KEY = `metadata.annotations.${CAPE_LABELS_TOWER_ID_ANNOTATION}`;

/** Each Tower rule of the cape-labels backend and the catalog rule that decides the same on Tower entities. */
const CATALOG_RULE_OF: Record<string, string> = {
  IS_TOWER_OWNER: 'IS_CAPE_LABELS_TOWER_OWNER',
  IS_TOWER_NOTIFIED: 'IS_CAPE_LABELS_TOWER_NOTIFIED',
  HAS_TOWER_ID: 'HAS_CAPE_LABELS_TOWER_ID',
};
const IS_TOWER = 'IS_CAPE_LABELS_TOWER';

const claimsSchema = z.object({
  claims: z
    .array(z.string())
    .describe(
      "The caller's ownership entity refs (user.info.ownershipEntityRefs in a policy)",
    ),
});

/**
 * The catalog rules on the entities that stand for Towers, deciding as the backend's rules on
 * `cape-labels-tower` do, from `towers`: the Towers as their entities were last written.
 */
export function towerEntityRules(towers: () => readonly TowerDirectoryEntry[]) {
  type Pick = (tower: TowerDirectoryEntry) => boolean;
  const isPicked = (entity: Entity, pick: Pick) => {
    const id = entity.metadata.annotations?.[CAPE_LABELS_TOWER_ID_ANNOTATION];
    const tower = towers().find(t => t.id === id);
    return tower !== undefined && pick(tower);
  };
  const picked = (pick: Pick): EntitiesSearchFilter => ({
    key: TOWER_ID_KEY,
    values: towers()
      .filter(pick)
      .map(t => t.id),
  });
  const resourceRef = catalogEntityPermissionResourceRef;
  const claimsRule = (
    name: string,
    description: string,
    matcher: (claims: string[]) => Pick,
  ) =>
    createPermissionRule({
      name,
      description,
      resourceRef,
      paramsSchema: claimsSchema,
      apply: (entity, { claims }) => isPicked(entity, matcher(claims)),
      toQuery: ({ claims }) => picked(matcher(claims)),
    });
  const hasId = (towerId: string) => (tower: TowerDirectoryEntry) =>
    tower.id === towerId;
  return [
    createPermissionRule({
      name: IS_TOWER,
      description: 'Allow the entities that stand for a cape-labels Tower',
      resourceRef,
      apply: entity => isPicked(entity, () => true),
      toQuery: () => ({ key: TOWER_ID_KEY }),
    }),
    claimsRule(
      CATALOG_RULE_OF.IS_TOWER_OWNER,
      "Allow the entities of Towers whose configured owner is among the caller's ownership claims",
      claims => towerClaimsMatcher(claims).owns,
    ),
    claimsRule(
      CATALOG_RULE_OF.IS_TOWER_NOTIFIED,
      "Allow the entities of Towers one of whose notification recipients is among the caller's ownership claims",
      claims => towerClaimsMatcher(claims).isNotified,
    ),
    createPermissionRule({
      name: CATALOG_RULE_OF.HAS_TOWER_ID,
      description: 'Allow the entity of the Tower with this id',
      resourceRef,
      paramsSchema: z.object({
        towerId: z.string().describe('A Tower id of capeLabels.towers'),
      }),
      apply: (entity, { towerId }) => isPicked(entity, hasId(towerId)),
      toQuery: ({ towerId }) => picked(hasId(towerId)),
    }),
  ];
}

const condition = (
  rule: string,
  params?: PermissionCondition['params'],
): PermissionCondition<CatalogEntityType> => ({
  rule,
  resourceType: catalogEntityPermissionResourceRef.resourceType,
  ...(params === undefined ? {} : { params }),
});

type TowerCriteria = PermissionCriteria<PermissionCondition<TowerType>>;
type EntityCriteria = PermissionCriteria<
  PermissionCondition<CatalogEntityType>
>;

function onTowerEntities(criteria: TowerCriteria): EntityCriteria {
  const each = ([first, ...rest]: [TowerCriteria, ...TowerCriteria[]]): [
    EntityCriteria,
    ...EntityCriteria[],
  ] => [onTowerEntities(first), ...rest.map(onTowerEntities)];
  if ('allOf' in criteria) return { allOf: each(criteria.allOf) };
  if ('anyOf' in criteria) return { anyOf: each(criteria.anyOf) };
  if ('not' in criteria) return { not: onTowerEntities(criteria.not) };
  const rule = CATALOG_RULE_OF[criteria.rule];
  // Read as no condition, an unknown rule under a `not` would show Towers the plugin hides.
  if (!rule)
    throw new Error(
      `The cape-labels.read decision uses the rule ${criteria.rule}, which Tower entities have no counterpart of`,
    );
  return condition(rule, criteria.params);
}

/**
 * A policy's decision on reading catalog entities (`catalog.entity.read`) that shows a Tower's
 * entity exactly to those who may read the Tower: `towerRead` is the policy's own decision on
 * `cape-labels.read` for the same caller, and every entity that stands for no Tower is allowed.
 * ALLOW stays ALLOW; DENY hides every Tower entity; a conditional decision on `cape-labels-tower`
 * (`isTowerOwner`, `isTowerNotified`, `hasTowerId`) becomes the same conditions on the Tower
 * entities, decided by this module's catalog rules. To add conditions of your own, combine them
 * with the returned decision's `conditions` in an `allOf`.
 *
 * @public
 */
export function createTowerEntityReadDecision(
  permission: ResourcePermission<'catalog-entity'>,
  towerRead: PolicyDecision,
): PolicyDecision {
  if (towerRead.result === AuthorizeResult.ALLOW) return towerRead;
  const notTower = { not: condition(IS_TOWER) };
  const decision = (conditions: EntityCriteria): PolicyDecision => ({
    result: AuthorizeResult.CONDITIONAL,
    pluginId: catalogEntityPermissionResourceRef.pluginId,
    resourceType: permission.resourceType,
    conditions,
  });
  if (towerRead.result !== AuthorizeResult.CONDITIONAL)
    return decision(notTower);
  if (towerRead.resourceType !== CAPE_LABELS_TOWER_RESOURCE_TYPE)
    throw new Error(
      `towerRead must be a decision on cape-labels.read, not on ${towerRead.resourceType}`,
    );
  return decision({
    anyOf: [notTower, onTowerEntities(towerRead.conditions as TowerCriteria)],
  });
}
