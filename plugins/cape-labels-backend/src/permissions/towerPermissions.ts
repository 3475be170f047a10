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

/** @public */
export type CapeLabelsTower = {
  id: string;
  /** `null` when not configured: the Tower is owned by nobody. */
  owner: string | null;
  /** `capeLabels.towers.<id>.notify`, else the owner, else nobody. */
  notify: string[];
};

/**
 * A predicate, since the plugin filters its few Towers in memory.
 * @public
 */
export type CapeLabelsTowerQuery = (tower: CapeLabelsTower) => boolean;

/** @public */
export const capeLabelsTowerResourceRef = createPermissionResourceRef<
  CapeLabelsTower,
  CapeLabelsTowerQuery
>().with({
  pluginId: 'cape-labels',
  resourceType: CAPE_LABELS_TOWER_RESOURCE_TYPE,
});

const claimsSchema = z.object({
  claims: z
    .array(z.string())
    .describe(
      "The caller's ownership entity refs (user.info.ownershipEntityRefs in a policy)",
    ),
});

const claimsRule = (
  name: string,
  description: string,
  matches: (claims: string[]) => CapeLabelsTowerQuery,
) =>
  createPermissionRule({
    name,
    description,
    resourceRef: capeLabelsTowerResourceRef,
    paramsSchema: claimsSchema,
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

/** @public */
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
 * For example `capeLabelsTowerConditions.isTowerOwner({ claims: user?.info.ownershipEntityRefs ?? [] })`.
 * @public
 */
export const capeLabelsTowerConditions = conditionExports.conditions;

/** @public */
export const createCapeLabelsTowerConditionalDecision =
  conditionExports.createConditionalDecision;
