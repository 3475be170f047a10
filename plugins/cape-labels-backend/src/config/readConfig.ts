import {
  readSchedulerServiceTaskScheduleDefinitionFromConfig,
  type SchedulerServiceTaskScheduleDefinition,
} from '@backstage/backend-plugin-api';
import { ConfigReader, type Config } from '@backstage/config';
import { InputError, toError } from '@backstage/errors';
import {
  CAPE_LABELS_LANGUAGES,
  readTowerOwnership,
  type CapeLabelsLanguage,
} from '@smartx-cape/plugin-cape-labels-common';
import { DEFAULT_MAX_IN_FLIGHT } from '../cloudtower/transport';
import { readTowerCredentials, readTowerHeaders } from './readTowerAccess';
import { readFleetLimits, readTowerLimits } from './readLimits';
import {
  invalid,
  readDuration,
  readNonNegativeDuration,
  readPositiveInt,
} from './readValues';
import { readTowerServer } from './towerServer';
import {
  TOWER_ID_PATTERN,
  type CapeLabelsConfig,
  type TowerConfig,
} from './types';
import { refuseSharedTowers } from './uniqueTowers';

const ROOT = 'capeLabels';
const PREFIX = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;

const DEFAULT_SCHEDULE = {
  frequency: { hours: 24 },
  timeout: { minutes: 30 },
  initialDelay: { minutes: 1 },
};

/** The five per-Tower keys: the Tower's own value, else the top-level default. */
function readOverridable(tower: Config, defaults: Config, towerKey: string) {
  const pick = (key: string) =>
    tower.has(key)
      ? { config: tower, fullKey: `${towerKey}.${key}` }
      : { config: defaults, fullKey: `${ROOT}.${key}` };

  const minAgeAt = pick('minAge');
  const minAge = readDuration(minAgeAt.config, 'minAge', minAgeAt.fullKey, {
    hours: 24,
  });
  if (minAge.as('milliseconds') <= 0) {
    invalid(
      minAgeAt.fullKey,
      'must be longer than 0: CAPE creates a label moments before it attaches it',
    );
  }

  const confirmAt = pick('confirmAfter');
  const confirmAfter = readNonNegativeDuration(
    confirmAt.config,
    'confirmAfter',
    confirmAt.fullKey,
    { hours: 0 },
  );

  const capAt = pick('maxDeletesPerRun');
  const maxDeletesPerRun = readPositiveInt(
    capAt.config,
    'maxDeletesPerRun',
    capAt.fullKey,
    5000,
  );

  const dryRunAt = pick('dryRun');
  const dryRun = dryRunAt.config.getOptionalBoolean('dryRun') ?? false;

  const scheduleAt = pick('schedule');
  const schedule = readSchedule(scheduleAt.config, scheduleAt.fullKey);

  return { minAge, confirmAfter, maxDeletesPerRun, dryRun, schedule };
}

function readSchedule(
  parent: Config,
  fullKey: string,
): SchedulerServiceTaskScheduleDefinition {
  const given = parent.getOptionalConfig('schedule');
  const data = { ...DEFAULT_SCHEDULE, ...(given?.get<object>() ?? {}) };
  try {
    const schedule = readSchedulerServiceTaskScheduleDefinitionFromConfig(
      new ConfigReader(data, fullKey),
    );
    return { ...schedule, scope: 'global' };
  } catch (error) {
    return invalid(fullKey, toError(error).message);
  }
}

function readOwnership(tower: Config, towerKey: string) {
  try {
    return readTowerOwnership(tower, towerKey);
  } catch (error) {
    // The message already names the key.
    throw new InputError(toError(error).message);
  }
}

function readTower(id: string, tower: Config, defaults: Config): TowerConfig {
  const towerKey = `${ROOT}.towers.${id}`;
  if (!TOWER_ID_PATTERN.test(id))
    invalid(towerKey, 'Tower ids may hold only a-z, 0-9 and -');
  const resourcePrefix = tower.getOptionalString('resourcePrefix') ?? 'cape';
  if (!PREFIX.test(resourcePrefix)) {
    invalid(
      `${towerKey}.resourcePrefix`,
      'must be a lowercase label prefix such as cape or sks',
    );
  }
  const caCert = tower.getOptionalString('caCert');
  if (caCert !== undefined && !caCert.includes('-----BEGIN CERTIFICATE-----')) {
    invalid(
      `${towerKey}.caCert`,
      'must be a PEM bundle (-----BEGIN CERTIFICATE-----)',
    );
  }
  return {
    id,
    title: tower.getOptionalString('title') ?? id,
    ...readTowerServer(tower, towerKey),
    credentials: readTowerCredentials(tower, towerKey),
    headers: readTowerHeaders(tower, towerKey),
    caCert,
    resourcePrefix,
    ...readOwnership(tower, towerKey),
    ...readOverridable(tower, defaults, towerKey),
  };
}

/**
 * Reads and validates the `capeLabels` block. Throws an error naming the key on invalid input;
 * no block at all gives no Towers.
 */
export function readCapeLabelsConfig(rootConfig: Config): CapeLabelsConfig {
  const config =
    rootConfig.getOptionalConfig(ROOT) ?? new ConfigReader({}, ROOT);
  const towersConfig = config.getOptionalConfig('towers');
  const towers = (towersConfig?.keys() ?? []).map(id =>
    readTower(id, towersConfig!.getConfig(id), config),
  );
  refuseSharedTowers(ROOT, towers);
  // Validate the defaults even when every Tower overrides them: a typo there is still a typo.
  readOverridable(new ConfigReader({}), config, ROOT);

  const requestTimeout = readDuration(
    config,
    'requestTimeout',
    `${ROOT}.requestTimeout`,
    { seconds: 30 },
  );
  if (requestTimeout.as('milliseconds') < 1)
    invalid(`${ROOT}.requestTimeout`, 'must be longer than 0');

  return {
    towers: towers.sort(
      (a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id),
    ),
    pageSize: readPositiveInt(
      config,
      'pageSize',
      `${ROOT}.pageSize`,
      1000,
      1000,
    ),
    requestsInFlight: readPositiveInt(
      config,
      'requestsInFlight',
      `${ROOT}.requestsInFlight`,
      DEFAULT_MAX_IN_FLIGHT,
      32,
    ),
    requestTimeout,
    ...readTowerLimits(config, ROOT),
    ...readFleetLimits(config, ROOT),
    runsPerTower: readPositiveInt(
      config,
      'retention.runsPerTower',
      `${ROOT}.retention.runsPerTower`,
      200,
    ),
    routineKeepRuns: readPositiveInt(
      config,
      'retention.routineKeepRuns',
      `${ROOT}.retention.routineKeepRuns`,
      1,
    ),
    notificationsEnabled:
      config.getOptionalBoolean('notifications.enabled') ?? true,
    notificationsPagePath: readPagePath(config),
    notificationsLanguage: readLanguage(config),
  };
}

/** The page's path in the app, for notification links: `/cape-labels` unless configured. */
function readPagePath(config: Config): string {
  const key = 'notifications.pagePath';
  const path = config.getOptionalString(key) ?? '/cape-labels';
  if (!path.startsWith('/') || path.startsWith('//') || /[?#\s]/.test(path))
    invalid(
      `${ROOT}.${key}`,
      'must be a path of the app starting with / (e.g. /cape-labels), without ? or #',
    );
  return path.replace(/\/+$/, '');
}

/** `notifications.language`: Backstage cannot tell a recipient's language on the server. */
function readLanguage(config: Config): CapeLabelsLanguage {
  const value = config.getOptionalString('notifications.language') ?? 'en';
  if (!(CAPE_LABELS_LANGUAGES as readonly string[]).includes(value)) {
    invalid(
      `${ROOT}.notifications.language`,
      `must be one of ${CAPE_LABELS_LANGUAGES.join(', ')}, not '${value}'`,
    );
  }
  return value as CapeLabelsLanguage;
}
