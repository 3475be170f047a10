import { createPermission } from '@backstage/plugin-permission-common';

/** Allows starting a sweep (real or dry run) of a Tower from the card or the API. */
export const capeLabelsSweepRunPermission = createPermission({
  name: 'cape-labels.sweep.run',
  attributes: { action: 'update' },
});

export const capeLabelsPermissions = [capeLabelsSweepRunPermission];
