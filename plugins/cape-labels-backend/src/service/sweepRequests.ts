import type { LoggerService } from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import type { AccessConfig } from '../config/types';
import type { SweepCoordinator } from '../sweep/SweepCoordinator';
import type { TowerRegistry } from '../sweep/TowerRegistry';

/** What every entry point that starts a sweep on request (the API, events) calls. */
export type SweepRequests = Pick<SweepCoordinator, 'requestSweep'>;

const MANUAL_SWEEPS_REFUSED =
  'Real sweeps on request are refused while permission.enabled is not true: without ' +
  "Backstage's permission framework every signed-in user could delete labels. Turn on " +
  'permission.enabled with a policy that grants cape-labels.sweep.run, or set ' +
  'capeLabels.allowManualSweepsWithoutPermissions: true. Previews and scheduled sweeps still run.';

/**
 * The coordinator's requests, refusing (403) a real sweep while Backstage's permissions are off
 * unless the operator opted in: with permissions off every permission check allows, so nothing
 * else would stop anyone signed in from deleting. A preview, or a request to a Tower configured
 * `dryRun`, deletes nothing and passes.
 */
export function gatedSweepRequests(options: {
  coordinator: SweepRequests;
  towers: Pick<TowerRegistry, 'tower'>;
  access: AccessConfig;
}): SweepRequests {
  const { coordinator, towers, access } = options;
  const open =
    access.permissionsEnabled || access.allowManualSweepsWithoutPermissions;
  return {
    requestSweep: async input => {
      // tower() answers 404 for a Tower that is not configured
      if (!open && !input.dryRun && !towers.tower(input.towerId).dryRun)
        throw new NotAllowedError(MANUAL_SWEEPS_REFUSED);
      return coordinator.requestSweep(input);
    },
  };
}

/** Says at start when the operator opened real sweeps to everyone. */
export function logManualSweepAccess(
  logger: LoggerService,
  access: AccessConfig,
): void {
  if (access.permissionsEnabled || !access.allowManualSweepsWithoutPermissions)
    return;
  logger.warn(
    'capeLabels.allowManualSweepsWithoutPermissions is true and permission.enabled is not: ' +
      'every signed-in user (the guest included) and every service may start real sweeps that delete labels',
  );
}
