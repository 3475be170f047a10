import {
  createConditionExports,
  createPermissionResourceRef,
  createPermissionRule,
} from '@backstage/plugin-permission-node';
import { CAPE_LABELS_TOWER_RESOURCE_TYPE } from '@smartx-cape/plugin-cape-labels-common';
import { z } from 'zod';

/**
 * What a permission policy's conditions see of a Tower.
 *
 * @public
 */
export type CapeLabelsTower = {
  /** The Tower id (the resourceRef). */
  id: string;
  /** `capeLabels.towers.<id>.owner`, a full entity ref. */
  owner: string;
  /** `capeLabels.towers.<id>.notify`, full entity refs. */
  notify: string[];
};

/**
 * The query form of a condition: a predicate, since the plugin filters its few Towers in memory.
 *
 * @public
 */
export type CapeLabelsTowerQuery = (tower: CapeLabelsTower) => boolean;

/**
 * The plugin's own resource type, `cape-labels-tower`.
 *
 * @public
 */
export const capeLabelsTowerResourceRef = createPermissionResourceRef<
  CapeLabelsTower,
  CapeLabelsTowerQuery
>().with({
  pluginId: 'cape-labels',
  resourceType: CAPE_LABELS_TOWER_RESOURCE_TYPE,
});

/** Entity refs compare without regard to case, as the catalog compares them. */
const sameRefs = (refs: string[]) => {
  const wanted = new Set(refs.map(r => r.toLocaleLowerCase('en-US')));
  return (ref: string) => wanted.has(ref.toLocaleLowerCase('en-US'));
};

const ownedBy = (claims: string[]): CapeLabelsTowerQuery => {
  const claimed = sameRefs(claims);
  return tower => claimed(tower.owner) || tower.notify.some(claimed);
};

const isTowerOwner = createPermissionRule({
  name: 'IS_TOWER_OWNER',
  description:
    "Allow Towers whose owner, or one of whose notification recipients, is among the caller's ownership claims",
  resourceRef: capeLabelsTowerResourceRef,
  paramsSchema: z.object({
    claims: z
      .array(z.string())
      .describe(
        "The caller's ownership entity refs (user.info.ownershipEntityRefs in a policy)",
      ),
  }),
  apply: (tower, { claims }) => ownedBy(claims)(tower),
  toQuery: ({ claims }) => ownedBy(claims),
});

const hasTowerId = createPermissionRule({
  name: 'HAS_TOWER_ID',
  description: 'Allow the Tower with this id',
  resourceRef: capeLabelsTowerResourceRef,
  paramsSchema: z.object({
    towerId: z.string().describe('A Tower id of capeLabels.towers'),
  }),
  apply: (tower, { towerId }) => tower.id === towerId,
  toQuery:
    ({ towerId }) =>
    tower =>
      tower.id === towerId,
});

/**
 * The rules a policy can use in conditional decisions on `cape-labels.read` and
 * `cape-labels.sweep.run`.
 *
 * @public
 */
export const capeLabelsTowerPermissionRules = { isTowerOwner, hasTowerId };

const conditionExports = createConditionExports({
  resourceRef: capeLabelsTowerResourceRef,
  rules: capeLabelsTowerPermissionRules,
});

/**
 * Conditions for a policy, for example
 * `capeLabelsTowerConditions.isTowerOwner({ claims: user?.info.ownershipEntityRefs ?? [] })`
 * and `capeLabelsTowerConditions.hasTowerId({ towerId })`.
 *
 * @public
 */
export const capeLabelsTowerConditions = conditionExports.conditions;

/**
 * A conditional decision on one of the Tower permissions, for a policy.
 *
 * @public
 */
export const createCapeLabelsTowerConditionalDecision =
  conditionExports.createConditionalDecision;
