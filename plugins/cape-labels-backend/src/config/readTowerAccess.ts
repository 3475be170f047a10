import type { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import type { TowerCredentials } from '../cloudtower/TowerClient';

/*
 * How the plugin gets into one Tower: the credentials (a password login or an API key, exactly
 * one of them) and the extra headers sent on every request to it. Values are secrets: no
 * message here quotes one.
 */

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

function refuse(key: string, problem: string): never {
  throw new InputError(`${key}: ${problem}`);
}

/** A header value from YAML: `x-bypass-whitelist: true` is a boolean there, sent as `true`. */
function headerValue(value: unknown, key: string): string {
  if (typeof value === 'boolean' || typeof value === 'number') {
    return String(value);
  }
  if (typeof value !== 'string') refuse(key, 'must be a string');
  if (!HEADER_VALUE.test(value)) {
    refuse(
      key,
      'must be visible ASCII characters, spaces or tabs (no line breaks)',
    );
  }
  return value;
}

/** `capeLabels.towers.<id>.headers`: name → value, sent on every request to that Tower only. */
export function readTowerHeaders(
  tower: Config,
  towerKey: string,
): Record<string, string> {
  const key = `${towerKey}.headers`;
  const given: unknown = tower.getOptional('headers');
  if (given === undefined) return {};
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    refuse(key, 'must be a map of header name to value');
  }
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(given)) {
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name)) {
      refuse(key, `${JSON.stringify(name)} is not a valid header name`);
    }
    if (RESERVED_HEADERS.has(lower)) {
      refuse(
        `${key}.${name}`,
        `the client sets ${lower} itself (${[...RESERVED_HEADERS].join(', ')} are refused, any case)`,
      );
    }
    if (seen.has(lower)) {
      refuse(`${key}.${name}`, 'set twice (header names ignore case)');
    }
    seen.add(lower);
    headers[name] = headerValue(value, `${key}.${name}`);
  }
  return headers;
}

/** A password login's keys: username and password, userSource, authConfigId (LDAP only). */
function readPasswordLogin(tower: Config, towerKey: string): TowerCredentials {
  const userSource = tower.getOptionalString('userSource') ?? 'LOCAL';
  if (userSource !== 'LOCAL' && userSource !== 'LDAP') {
    refuse(`${towerKey}.userSource`, 'must be LOCAL or LDAP');
  }
  const username = tower.getString('username');
  if (!username.trim()) refuse(`${towerKey}.username`, 'must not be empty');
  const password = tower.getString('password');
  const authConfigId = tower.getOptionalString('authConfigId');
  if (authConfigId !== undefined) {
    if (userSource !== 'LDAP') {
      refuse(`${towerKey}.authConfigId`, 'applies to userSource LDAP only');
    }
    if (!authConfigId.trim()) {
      refuse(`${towerKey}.authConfigId`, 'must not be empty');
    }
  }
  return {
    kind: 'password',
    username,
    password,
    userSource,
    ...(authConfigId === undefined ? {} : { authConfigId }),
  };
}

/** An API key, sent as the `Authorization` header: it must be a valid header value. */
function readApiKey(tower: Config, towerKey: string): TowerCredentials {
  for (const passwordOnly of ['userSource', 'authConfigId']) {
    if (tower.has(passwordOnly)) {
      refuse(
        `${towerKey}.${passwordOnly}`,
        'applies to username and password only, not to apiKey',
      );
    }
  }
  const apiKey = tower.getString('apiKey');
  if (!apiKey.trim()) refuse(`${towerKey}.apiKey`, 'must not be empty');
  if (!HEADER_VALUE.test(apiKey)) {
    refuse(
      `${towerKey}.apiKey`,
      'must be visible ASCII characters (it is sent as the Authorization header)',
    );
  }
  return { kind: 'apiKey', apiKey };
}

/** Exactly one way in: `username` and `password`, or `apiKey`. */
export function readTowerCredentials(
  tower: Config,
  towerKey: string,
): TowerCredentials {
  const hasKey = tower.has('apiKey');
  const hasPassword = tower.has('username') || tower.has('password');
  if (hasKey && hasPassword) {
    refuse(towerKey, 'set either apiKey or username and password, not both');
  }
  if (!hasKey && !hasPassword) {
    refuse(towerKey, 'set username and password, or apiKey');
  }
  return hasKey
    ? readApiKey(tower, towerKey)
    : readPasswordLogin(tower, towerKey);
}
