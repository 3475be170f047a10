import { createPermission } from '@backstage/plugin-permission-common';

/** Allows starting a sweep (real or dry run) of a Tower from the card or the API. */
export const capeLabelsSweepRunPermission = createPermission({
  name: 'cape-labels.sweep.run',
  attributes: { action: 'update' },
});

/** Allows reading Towers, runs and label outcomes (every GET route but `/health`). */
export const capeLabelsReadPermission = createPermission({
  name: 'cape-labels.read',
  attributes: { action: 'read' },
});

export const capeLabelsPermissions = [
  capeLabelsReadPermission,
  capeLabelsSweepRunPermission,
];
