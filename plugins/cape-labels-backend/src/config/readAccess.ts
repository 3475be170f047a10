import type { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';

/** Who may ask for what: the settings that open destructive entry points (all closed by default). */
export type AccessConfig = {
  /** `permission.enabled`: Backstage's permission framework decides (else every check allows). */
  permissionsEnabled: boolean;
  /** `capeLabels.allowManualSweepsWithoutPermissions`: real sweeps by hand even with permissions off. */
  allowManualSweepsWithoutPermissions: boolean;
  /** `capeLabels.events.acceptSweepRequests`: act on `cape-labels.sweep-requested`. */
  acceptEventSweepRequests: boolean;
};

/** As Backstage reads `permission.enabled` (so `'true'` from an environment variable counts); unset is false. */
function readFlag(config: Config, key: string): boolean {
  try {
    return config.getOptionalBoolean(key) ?? false;
  } catch {
    throw new InputError(`${key}: must be true or false`);
  }
}

/** Reads the access settings from the root config; an error naming the key when one is not a boolean. */
export function readAccessConfig(rootConfig: Config): AccessConfig {
  return {
    permissionsEnabled: readFlag(rootConfig, 'permission.enabled'),
    allowManualSweepsWithoutPermissions: readFlag(
      rootConfig,
      'capeLabels.allowManualSweepsWithoutPermissions',
    ),
    acceptEventSweepRequests: readFlag(
      rootConfig,
      'capeLabels.events.acceptSweepRequests',
    ),
  };
}
