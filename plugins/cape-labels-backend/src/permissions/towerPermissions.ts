import {
  createConditionExports,
  createPermissionResourceRef,
  createPermissionRule,
} from '@backstage/plugin-permission-node';
import {
  CAPE_LABELS_TOWER_RESOURCE_TYPE,
  towerClaimsMatcher,
} from '@smartx-cape/plugin-cape-labels-common';
import { z } from 'zod';

/**
 * What a permission policy's conditions see of a Tower.
 *
 * @public
 */
export type CapeLabelsTower = {
  /** The Tower id (the resourceRef). */
  id: string;
  /** `capeLabels.towers.<id>.owner`, a full entity ref; `null` when not configured (owned by nobody). */
  owner: string | null;
  /** Whom notifications about the Tower go to: `notify`, else the owner, else nobody (full entity refs). */
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

/** A rule on the caller's ownership claims: `matches` says which Towers the claims match. */
const claimsRule = (
  name: string,
  description: string,
  matches: (claims: string[]) => CapeLabelsTowerQuery,
) =>
  createPermissionRule({
    name,
    description,
    resourceRef: capeLabelsTowerResourceRef,
    paramsSchema: z.object({
      claims: z
        .array(z.string())
        .describe(
          "The caller's ownership entity refs (user.info.ownershipEntityRefs in a policy)",
        ),
    }),
    apply: (tower, { claims }) => matches(claims)(tower),
    toQuery: ({ claims }) => matches(claims),
  });

const isTowerOwner = claimsRule(
  'IS_TOWER_OWNER',
  "Allow Towers whose configured owner is among the caller's ownership claims (a Tower without owner matches nobody)",
  claims => towerClaimsMatcher(claims).owns,
);

const isTowerNotified = claimsRule(
  'IS_TOWER_NOTIFIED',
  "Allow Towers one of whose notification recipients is among the caller's ownership claims: meant for cape-labels.read only, since recipients are not owners",
  claims => towerClaimsMatcher(claims).isNotified,
);

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
 * `cape-labels.sweep.run`; `isTowerNotified` is meant for `cape-labels.read` only.
 *
 * @public
 */
export const capeLabelsTowerPermissionRules = {
  isTowerOwner,
  isTowerNotified,
  hasTowerId,
};

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
