import {
  readSchedulerServiceTaskScheduleDefinitionFromConfig,
  type SchedulerServiceTaskScheduleDefinition,
} from '@backstage/backend-plugin-api';
import {
  ConfigReader,
  readDurationFromConfig,
  type Config,
} from '@backstage/config';
import { InputError, toError } from '@backstage/errors';
import {
  CAPE_LABELS_LANGUAGES,
  readTowerOwnership,
  type CapeLabelsLanguage,
} from '@smartx-cape/plugin-cape-labels-common';
import { Duration, type DurationLikeObject } from 'luxon';
import { isLoopbackHost } from '../cloudtower/wire';
import type { TowerCredentials } from '../cloudtower/TowerClient';
import {
  PUBLISHER_NAME,
  TOWER_ID_PATTERN,
  type AccessConfig,
  type CapeLabelsConfig,
  type EventPublishers,
  type SweepTuning,
  type TowerConfig,
} from './types';

// Read once at start: a bad value stops start-up, naming its key, not a run hours later.

const ROOT = 'capeLabels';

/** Requests in flight per Tower by default; why 8: docs/performance.md, "the default is now 8". */
export const DEFAULT_MAX_IN_FLIGHT = 8;

type DurationCheck = (duration: Duration) => string | undefined;

const notNegative: DurationCheck = d =>
  d.as('milliseconds') < 0 ? 'must not be negative' : undefined;

const atMost =
  (limit: number, unit: 'seconds' | 'hours'): DurationCheck =>
  d =>
    notNegative(d) ??
    (d.as(unit) > limit ? `must be at most ${limit} ${unit}` : undefined);

export function readCapeLabelsConfig(rootConfig: Config): CapeLabelsConfig {
  const config =
    rootConfig.getOptionalConfig(ROOT) ?? new ConfigReader({}, ROOT);
  const at = (key: string) => setting(config, ROOT, key);
  // Read even when every Tower overrides them: a typo there is still a typo.
  const defaults = readSweepSettings(config, ROOT);
  return {
    tuning: readTuning(at),
    startSpread: config.has('startSpread')
      ? readDuration(at('startSpread'), {}, atMost(24, 'hours'))
      : undefined,
    maxConcurrentSweeps: readPositiveInt(at('maxConcurrentSweeps'), 4, 1000),
    towers: readTowers(config, defaults),
    notificationsEnabled:
      config.getOptionalBoolean('notifications.enabled') ?? true,
    notificationsPagePath: readPagePath(at('notifications.pagePath')),
    notificationsLanguage: readLanguage(at('notifications.language')),
  };
}

function readTuning(at: (key: string) => Setting): SweepTuning {
  const requestsInFlight = readPositiveInt(
    at('requestsInFlight'),
    DEFAULT_MAX_IN_FLIGHT,
    32,
  );
  const requestTimeoutMs = readDuration(
    at('requestTimeout'),
    { seconds: 30 },
    d => (d.as('milliseconds') < 1 ? 'must be longer than 0' : undefined),
  ).as('milliseconds');
  return {
    pageSize: readPositiveInt(at('pageSize'), 1000, 1000),
    requestsInFlight,
    // Each batch needs a request at a time: more batches than requests would only queue.
    batchesInFlight: requestsInFlight,
    requestTimeoutMs,
    // Tower may commit a delete until its request times out.
    settleMs: requestTimeoutMs,
    // Above 1 GiB an answer is not worth waiting for: a page of 1,000 labels is well under 1 MiB.
    maxResponseBytes: readPositiveInt(
      at('maxResponseBytes'),
      8 * 1024 * 1024,
      1024 * 1024 * 1024,
    ),
    maxClockAheadMs: readDuration(at('maxClockAhead'), { minutes: 10 }).as(
      'milliseconds',
    ),
    // Older holders' ids would let a label a security group began to name in between go.
    holdersMaxAgeMs: readDuration(
      at('holdersMaxAge'),
      { seconds: 5 },
      atMost(60, 'seconds'),
    ).as('milliseconds'),
    retention: {
      runs: readPositiveInt(at('retention.runsPerTower'), 200),
      routineRuns: readPositiveInt(at('retention.routineKeepRuns'), 1),
    },
  };
}

type SweepSettings = Pick<
  TowerConfig,
  'schedule' | 'minAge' | 'dryRun' | 'maxDeletesPerRun' | 'confirmAfter'
>;

function readSweepSettings(
  config: Config,
  parentKey: string,
  inherited?: SweepSettings,
): SweepSettings {
  const read = <K extends keyof SweepSettings>(
    key: K,
    reader: (at: Setting) => SweepSettings[K],
  ): SweepSettings[K] =>
    inherited && !config.has(key)
      ? inherited[key]
      : reader(setting(config, parentKey, key));
  return {
    schedule: read('schedule', readSchedule),
    minAge: read('minAge', at =>
      readDuration(at, { hours: 24 }, d =>
        d.as('milliseconds') <= 0
          ? 'must be longer than 0: CAPE creates a label moments before it attaches it'
          : undefined,
      ),
    ),
    dryRun: read('dryRun', at => at.config.getOptionalBoolean(at.key) ?? false),
    maxDeletesPerRun: read('maxDeletesPerRun', at => readPositiveInt(at, 5000)),
    confirmAfter: read('confirmAfter', at => readDuration(at, { hours: 0 })),
  };
}

const DEFAULT_SCHEDULE = {
  frequency: { hours: 24 },
  timeout: { minutes: 30 },
  initialDelay: { minutes: 1 },
};

/** A schedule given in part is completed from the default schedule, not from the plugin's. */
function readSchedule(at: Setting): SchedulerServiceTaskScheduleDefinition {
  const given = at.config.getOptionalConfig(at.key)?.get<object>();
  const data = { ...DEFAULT_SCHEDULE, ...given };
  try {
    const schedule = readSchedulerServiceTaskScheduleDefinitionFromConfig(
      new ConfigReader(data, at.fullKey),
    );
    return { ...schedule, scope: 'global' };
  } catch (error) {
    return invalid(at.fullKey, toError(error).message);
  }
}

function readTowers(config: Config, defaults: SweepSettings): TowerConfig[] {
  const towersConfig = config.getOptionalConfig('towers');
  const towers = (towersConfig?.keys() ?? []).map(id =>
    readTower(id, towersConfig!.getConfig(id), defaults),
  );
  refuseSharedTowers(towers);
  return towers.sort(
    (a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id),
  );
}

const PREFIX = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;

function readTower(
  id: string,
  tower: Config,
  defaults: SweepSettings,
): TowerConfig {
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
  return {
    id,
    title: tower.getOptionalString('title') ?? id,
    ...readTowerServer(tower, towerKey),
    credentials: readTowerCredentials(tower, towerKey),
    headers: readTowerHeaders(tower, towerKey),
    resourcePrefix,
    ...readSweepSettings(tower, towerKey, defaults),
    ...readTowerOwnership(tower, towerKey),
  };
}

function readTowerServer(
  tower: Config,
  towerKey: string,
): Pick<TowerConfig, 'server' | 'skipTLSVerify' | 'caCert' | 'transport'> {
  const key = `${towerKey}.server`;
  const server = tower.getString('server');
  const url = URL.canParse(server) ? new URL(server) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    return invalid(key, 'must be an http(s) URL');
  // Credentials in the URL would be sent as-is and shown to every user of the card.
  if (url.username || url.password) {
    invalid(
      key,
      'must not carry credentials (user:password@); set username and password instead',
    );
  }
  // The client appends /api to the whole string: a query or fragment would swallow it.
  if (/[?#]/.test(server)) {
    invalid(key, 'must not have a query (?) or fragment (#)');
  }
  const allowInsecure = tower.getOptionalBoolean('allowInsecure') ?? false;
  const skipTLSVerify = tower.getOptionalBoolean('skipTLSVerify') ?? false;
  // `http://` sends the password in clear: only to this machine, or where the Tower opts in.
  const clearText = url.protocol === 'http:' && !isLoopbackHost(url.hostname);
  if (clearText && !allowInsecure) {
    invalid(
      key,
      `must be https:// (http:// sends the Tower password in clear); set ${towerKey}.allowInsecure: true to accept that`,
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
    server: server.replace(/\/+$/, ''),
    skipTLSVerify,
    caCert,
    transport: {
      ...(clearText ? { insecure: true as const } : {}),
      ...(skipTLSVerify && url.protocol === 'https:'
        ? { skipTLSVerify: true as const }
        : {}),
    },
  };
}

export function transportWarnings(
  tower: Pick<TowerConfig, 'id' | 'transport'>,
): string[] {
  const { insecure, skipTLSVerify } = tower.transport;
  return [
    insecure &&
      `Tower ${tower.id}: server is http:// (allowInsecure): its password and token cross the network in clear`,
    skipTLSVerify &&
      `Tower ${tower.id}: skipTLSVerify is on: anyone between this backend and Tower can pose as Tower and read its password; set caCert instead`,
  ].filter(warning => typeof warning === 'string');
}

// Credentials and header values are secrets: no message quotes one.

/** Header names the client sets itself, or that HTTP/1.1 framing owns (any case). */
const RESERVED_HEADERS = new Set([
  'authorization',
  'content-type',
  'content-length',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

/** RFC 9110 token: what a header name may hold. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII, spaces and tabs: no line breaks, no bytes another hop may read differently. */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

function readTowerCredentials(
  tower: Config,
  towerKey: string,
): TowerCredentials {
  const hasKey = tower.has('apiKey');
  const hasPassword = tower.has('username') || tower.has('password');
  if (hasKey && hasPassword) {
    invalid(towerKey, 'set either apiKey or username and password, not both');
  }
  if (!hasKey && !hasPassword) {
    invalid(towerKey, 'set username and password, or apiKey');
  }
  if (hasKey) return readApiKey(tower, towerKey);
  const userSource = tower.getOptionalString('userSource') ?? 'LOCAL';
  if (userSource !== 'LOCAL' && userSource !== 'LDAP') {
    invalid(`${towerKey}.userSource`, 'must be LOCAL or LDAP');
  }
  const username = tower.getString('username');
  if (!username.trim()) invalid(`${towerKey}.username`, 'must not be empty');
  const password = tower.getString('password');
  const authConfigId = tower.getOptionalString('authConfigId');
  if (authConfigId !== undefined && userSource !== 'LDAP') {
    invalid(`${towerKey}.authConfigId`, 'applies to userSource LDAP only');
  }
  if (authConfigId?.trim() === '') {
    invalid(`${towerKey}.authConfigId`, 'must not be empty');
  }
  return {
    kind: 'password',
    username,
    password,
    userSource,
    ...(authConfigId === undefined ? {} : { authConfigId }),
  };
}

function readApiKey(tower: Config, towerKey: string): TowerCredentials {
  for (const passwordOnly of ['userSource', 'authConfigId']) {
    if (tower.has(passwordOnly)) {
      invalid(
        `${towerKey}.${passwordOnly}`,
        'applies to username and password only, not to apiKey',
      );
    }
  }
  const apiKey = tower.getString('apiKey');
  if (!apiKey.trim()) invalid(`${towerKey}.apiKey`, 'must not be empty');
  if (!HEADER_VALUE.test(apiKey)) {
    invalid(
      `${towerKey}.apiKey`,
      'must be visible ASCII characters (it is sent as the Authorization header)',
    );
  }
  return { kind: 'apiKey', apiKey };
}

function readTowerHeaders(
  tower: Config,
  towerKey: string,
): Record<string, string> {
  const key = `${towerKey}.headers`;
  const given: unknown = tower.getOptional('headers');
  if (given === undefined) return {};
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    invalid(key, 'must be a map of header name to value');
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    const lower = name.toLowerCase();
    const at = `${key}.${name}`;
    if (!HEADER_NAME.test(name)) {
      invalid(key, `${JSON.stringify(name)} is not a valid header name`);
    }
    if (RESERVED_HEADERS.has(lower)) {
      invalid(
        at,
        `the client sets ${lower} itself (${[...RESERVED_HEADERS].join(', ')} are refused, any case)`,
      );
    }
    if (Object.keys(headers).some(set => set.toLowerCase() === lower)) {
      invalid(at, 'set twice (header names ignore case)');
    }
    // YAML reads `x-bypass-whitelist: true` as a boolean: sent as `true`.
    if (!['string', 'boolean', 'number'].includes(typeof value))
      invalid(at, 'must be a string');
    const text = String(value);
    if (!HEADER_VALUE.test(text)) {
      invalid(
        at,
        'must be visible ASCII characters, spaces or tabs (no line breaks)',
      );
    }
    headers[name] = text;
  }
  return headers;
}

/** The ports a Tower's web server answers by default, over http and https: one Tower either way. */
const WEB_PORTS = new Set(['', '80', '443']);

/**
 * One spelling per Tower endpoint, whatever its scheme (`http://host` with `allowInsecure` is the
 * same Tower as `https://host`). Host names are not resolved: `localhost` and `127.0.0.1` stay two.
 */
export function normalisedServer(server: string): string {
  const url = new URL(server);
  const host = url.hostname.replace(/\.$/, '');
  const port = WEB_PORTS.has(url.port) ? '' : `:${url.port}`;
  const path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return `${host}${port}${path}`;
}

/**
 * Two ids for one Tower and prefix would sweep the same labels at once, each with its own cap,
 * lease and history: refused, naming both ids.
 */
function refuseSharedTowers(towers: readonly TowerConfig[]): void {
  const seen = new Map<string, string>();
  for (const tower of [...towers].sort((a, b) => a.id.localeCompare(b.id))) {
    const endpoint = `${normalisedServer(tower.server)} ${tower.resourcePrefix}`;
    const other = seen.get(endpoint);
    if (other !== undefined) {
      throw new InputError(
        `${ROOT}.towers.${other} and ${ROOT}.towers.${tower.id}: the same Tower (${normalisedServer(tower.server)}) and resourcePrefix (${tower.resourcePrefix}) under two ids; keep one, or give each its own resourcePrefix`,
      );
    }
    seen.set(endpoint, tower.id);
  }
}

function readPagePath(at: Setting): string {
  const path = at.config.getOptionalString(at.key) ?? '/cape-labels';
  // Browsers read `\` as `/` and drop tabs and line breaks, so `/\x` or `/<tab>/x` is another origin.
  if (!/^\/(?![/\\])/.test(path) || /[\\?#\s\p{Cc}\p{Cf}]/u.test(path))
    invalid(
      at.fullKey,
      'must be a path of the app starting with a single / (e.g. /cape-labels), without \\, ?, #, spaces or control characters',
    );
  return path.replace(/\/+$/, '');
}

/** `notifications.language`: Backstage cannot tell a recipient's language on the server. */
function readLanguage(at: Setting): CapeLabelsLanguage {
  const value = at.config.getOptionalString(at.key) ?? 'en';
  if (!(CAPE_LABELS_LANGUAGES as readonly string[]).includes(value)) {
    invalid(
      at.fullKey,
      `must be one of ${CAPE_LABELS_LANGUAGES.join(', ')}, not '${value}'`,
    );
  }
  return value as CapeLabelsLanguage;
}

export function readAccessConfig(rootConfig: Config): AccessConfig {
  const flag = (key: string) => readFlag(rootConfig, key);
  return {
    permissionsEnabled: flag('permission.enabled'),
    allowManualSweepsWithoutPermissions: flag(
      `${ROOT}.allowManualSweepsWithoutPermissions`,
    ),
    acceptEventSweepRequests: flag(`${ROOT}.events.acceptSweepRequests`),
    eventPublishers: readPublishers(rootConfig),
  };
}

/** As Backstage reads `permission.enabled` (so `'true'` from an environment variable counts); unset is false. */
function readFlag(config: Config, key: string): boolean {
  try {
    return config.getOptionalBoolean(key) ?? false;
  } catch {
    return invalid(key, 'must be true or false');
  }
}

const EVERY_TOWER = '*';

function readPublishers(rootConfig: Config): EventPublishers {
  const root = `${ROOT}.events.publishers`;
  const publishers = rootConfig.getOptionalConfig(root);
  const towerIds = new Set(
    rootConfig.getOptionalConfig(`${ROOT}.towers`)?.keys() ?? [],
  );
  const read = new Map<string, ReadonlySet<string> | 'all'>();
  for (const name of publishers?.keys() ?? []) {
    const key = `${root}.${name}`;
    if (!PUBLISHER_NAME.test(name))
      invalid(key, `a publisher name must match ${PUBLISHER_NAME.source}`);
    let towers: string[];
    try {
      towers = publishers!.getStringArray(`${name}.towers`);
    } catch {
      return invalid(
        `${key}.towers`,
        `must be a list of Tower ids of ${ROOT}.towers, or ['${EVERY_TOWER}']`,
      );
    }
    towers.forEach((id, i) => {
      if (id !== EVERY_TOWER && !towerIds.has(id))
        invalid(
          `${key}.towers[${i}]`,
          `'${id}' is not a Tower of ${ROOT}.towers`,
        );
    });
    read.set(name, towers.includes(EVERY_TOWER) ? 'all' : new Set(towers));
  }
  return read;
}

type Setting = { config: Config; key: string; fullKey: string };

function setting(config: Config, parentKey: string, key: string): Setting {
  return { config, key, fullKey: `${parentKey}.${key}` };
}

function invalid(key: string, problem: string): never {
  throw new InputError(`${key}: ${problem}`);
}

function readDuration(
  at: Setting,
  fallback: DurationLikeObject,
  check: DurationCheck = notNegative,
): Duration {
  if (!at.config.has(at.key)) return Duration.fromObject(fallback);
  let duration: Duration;
  try {
    duration = Duration.fromObject(
      readDurationFromConfig(at.config, { key: at.key }),
    );
  } catch (error) {
    return invalid(
      at.fullKey,
      `must be a duration like { hours: 24 }, '24h' or 'PT24H' (${toError(error).message})`,
    );
  }
  if (!Number.isFinite(duration.as('milliseconds'))) {
    return invalid(at.fullKey, 'must be a valid duration');
  }
  const problem = check(duration);
  if (problem) invalid(at.fullKey, problem);
  return duration;
}

function readPositiveInt(
  at: Setting,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const value = at.config.getOptionalNumber(at.key) ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    invalid(at.fullKey, `must be a whole number from 1 to ${max}`);
  }
  return value;
}
