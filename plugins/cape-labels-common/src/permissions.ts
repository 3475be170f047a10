import { createPermission } from '@backstage/plugin-permission-common';

/**
 * The resource type of a Tower in Backstage's permission framework: the resourceRef of a Tower
 * is its id (`prod-a`). A policy can answer the permissions below per Tower with the backend's
 * `capeLabelsTowerConditions` (`isTowerOwner`, `hasTowerId`).
 * @public
 */
export const CAPE_LABELS_TOWER_RESOURCE_TYPE = 'cape-labels-tower';

/**
 * Allows starting a sweep (real or dry run) of a Tower from the card or the API.
 * @public
 */
export const capeLabelsSweepRunPermission = createPermission({
  name: 'cape-labels.sweep.run',
  attributes: { action: 'update' },
  resourceType: CAPE_LABELS_TOWER_RESOURCE_TYPE,
});

/**
 * Allows reading a Tower, its runs and their label outcomes (every GET route but `/health`).
 * @public
 */
export const capeLabelsReadPermission = createPermission({
  name: 'cape-labels.read',
  attributes: { action: 'read' },
  resourceType: CAPE_LABELS_TOWER_RESOURCE_TYPE,
});

/**
 * Every permission of the plugin.
 * @public
 */
export const capeLabelsPermissions = [
  capeLabelsReadPermission,
  capeLabelsSweepRunPermission,
];
