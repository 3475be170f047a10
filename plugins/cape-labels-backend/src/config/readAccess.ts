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
  /** `capeLabels.events.publishers`: who may ask for a sweep by event, and of which Towers. */
  eventPublishers: EventPublishers;
};

/** Publisher name → the Tower ids it may have swept by event, or `all` (`towers: ['*']`). */
export type EventPublishers = ReadonlyMap<string, ReadonlySet<string> | 'all'>;

/** A publisher's name as its `requestedBy` says it and as a config key holds it. */
export const PUBLISHER_NAME = /^[a-z][a-z0-9-]{0,62}$/;

/** As Backstage reads `permission.enabled` (so `'true'` from an environment variable counts); unset is false. */
function readFlag(config: Config, key: string): boolean {
  try {
    return config.getOptionalBoolean(key) ?? false;
  } catch {
    throw new InputError(`${key}: must be true or false`);
  }
}

const EVERY_TOWER = '*';

function readPublishers(rootConfig: Config): EventPublishers {
  const root = 'capeLabels.events.publishers';
  const publishers = rootConfig.getOptionalConfig(root);
  const towerIds = new Set(
    rootConfig.getOptionalConfig('capeLabels.towers')?.keys() ?? [],
  );
  const read = new Map<string, ReadonlySet<string> | 'all'>();
  for (const name of publishers?.keys() ?? []) {
    const key = `${root}.${name}`;
    if (!PUBLISHER_NAME.test(name))
      throw new InputError(
        `${key}: a publisher name must match ${PUBLISHER_NAME.source}`,
      );
    let towers: string[];
    try {
      towers = publishers!.getStringArray(`${name}.towers`);
    } catch {
      throw new InputError(
        `${key}.towers: must be a list of Tower ids of capeLabels.towers, or ['${EVERY_TOWER}']`,
      );
    }
    towers.forEach((id, i) => {
      if (id !== EVERY_TOWER && !towerIds.has(id))
        throw new InputError(
          `${key}.towers[${i}]: '${id}' is not a Tower of capeLabels.towers`,
        );
    });
    read.set(name, towers.includes(EVERY_TOWER) ? 'all' : new Set(towers));
  }
  return read;
}

/** Reads the access settings from the root config; an error naming the key when one is invalid. */
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
    eventPublishers: readPublishers(rootConfig),
  };
}
