import type { PluginRunErrorCode } from '@smartx-cape/plugin-cape-labels-common';
import { plainText } from '../lib/plainText';
import type { TowerConnection } from './connection';
import {
  parseAnswer,
  TowerAuthError,
  TowerGraphQLError,
  TowerHttpError,
} from './errors';
import * as ops from './operations';
import type { TowerCredentials, TowerLogin } from './types';

/*
 * How a password logs in: which source (LOCAL; for LDAP users AUTHN with the id of Tower's
 * LDAP config from `authnStrategies`, or LDAP on a Tower older than 3.0), the login request and
 * its answer, and the words the log and the run use for it.
 */

export type PasswordCredentials = Extract<
  TowerCredentials,
  { kind: 'password' }
>;
export type PasswordLogin = Extract<TowerLogin, { method: 'password' }>;

/** Config ids quoted from Tower, at most (UTF-8 bytes each). */
const MAX_ID_BYTES = 128;

/**
 * A Tower before 3.0 does not know the query: a GraphQL validation error about the field (in a
 * 200 answer, or a 400 as some GraphQL servers send it). Anything else fails the login.
 */
function unknownQuery(e: unknown): boolean {
  if (!(
    e instanceof TowerGraphQLError ||
    (e instanceof TowerHttpError && e.status === 400)
  )) {
    return false;
  }
  const code = e instanceof TowerHttpError ? e.towerCode : e.graphqlCode;
  return (
    e.message.includes('authnStrategies') &&
    (code === 'GRAPHQL_VALIDATION_FAILED' ||
      /cannot query field/i.test(e.message))
  );
}

/** Picks the LDAP config: the configured one, else the only one; never a guess. */
function pickConfig(
  ids: string[],
  wanted: string | undefined,
  towerId: string,
): PasswordLogin {
  const key = `capeLabels.towers.${towerId}.authConfigId`;
  const listed = ids.length ? `ids: ${ids.join(', ')}` : 'none';
  const fail = (detail: string, code: PluginRunErrorCode) =>
    new TowerAuthError(detail, { towerId, operation: 'login', code });
  if (wanted !== undefined) {
    if (ids.includes(wanted)) {
      return { method: 'password', source: 'AUTHN', authConfigId: wanted };
    }
    throw fail(
      `${key} ${wanted} is not an LDAP config of this Tower (authnStrategies lists ${listed})`,
      'LDAP_CONFIG_UNKNOWN',
    );
  }
  if (ids.length === 0) {
    return { method: 'password', source: 'LDAP', reason: 'no-ldap-config' };
  }
  if (ids.length > 1) {
    throw fail(
      `Tower has several LDAP configs (${listed}); set ${key} to the one to log in through`,
      'LDAP_CONFIG_AMBIGUOUS',
    );
  }
  return { method: 'password', source: 'AUTHN', authConfigId: ids[0] };
}

/**
 * How these credentials log in. For LDAP, sends `authnStrategies` (no token) and picks among
 * the LDAP config ids it lists, scrubbed before they are quoted.
 */
export async function resolvePasswordLogin(
  credentials: PasswordCredentials,
  towerId: string,
  connection: TowerConnection,
): Promise<PasswordLogin> {
  if (credentials.userSource === 'LOCAL') {
    return { method: 'password', source: 'LOCAL' };
  }
  let ids: string[];
  try {
    const data = await connection.send(
      'authnStrategies',
      ops.AUTHN_STRATEGIES,
      {},
    );
    ids = parseAnswer(towerId, 'authnStrategies', () =>
      ops.parseLdapConfigIds(data),
    );
  } catch (e) {
    if (unknownQuery(e)) {
      return {
        method: 'password',
        source: 'LDAP',
        reason: 'no-authn-strategies',
      };
    }
    throw e;
  }
  const safeIds = ids.map(id => plainText(connection.scrub(id), MAX_ID_BYTES));
  return pickConfig(safeIds, credentials.authConfigId, towerId);
}

/**
 * The login mutation, without a token; `onDate` is told its answer's `Date` header. Answers the
 * token; a login answered without one (two-factor login) is `NO_TOKEN`.
 */
export async function sendLogin(
  connection: TowerConnection,
  towerId: string,
  credentials: PasswordCredentials,
  login: PasswordLogin,
  onDate: (date: string | null) => void,
): Promise<string> {
  const data = await connection
    .send(
      'login',
      ops.LOGIN,
      { data: loginInput(credentials, login) },
      undefined,
      undefined,
      onDate,
    )
    .catch((e: unknown) => {
      throw withApiKeyHint(e, towerId);
    });
  const token = parseAnswer(towerId, 'login', () => ops.parseLoginToken(data));
  if (!token) throw noTokenError(towerId);
  return token;
}

/** The login mutation's `data` variable. */
function loginInput(
  credentials: PasswordCredentials,
  login: PasswordLogin,
): Record<string, string> {
  const { username, password } = credentials;
  return login.source === 'AUTHN'
    ? {
        username,
        password,
        source: 'AUTHN',
        auth_config_id: login.authConfigId,
      }
    : { username, password, source: login.source };
}

/** Login answered without a token: Tower wants a second factor. */
function noTokenError(towerId: string): TowerAuthError {
  return new TowerAuthError(
    `login returned no token (two-factor login needs an API key: set capeLabels.towers.${towerId}.apiKey)`,
    { towerId, operation: 'login', code: 'NO_TOKEN' },
  );
}

const SECOND_FACTOR = /\b(MFA|2FA|OTP|TWO_FACTOR)|two-factor|second factor/i;

/**
 * A login Tower refused because it wants a second factor (its code or words say so, as no
 * public source shows the exact answer): the same refusal, naming the key that avoids it.
 */
function withApiKeyHint(error: unknown, towerId: string): unknown {
  if (!(error instanceof TowerAuthError)) return error;
  if (!SECOND_FACTOR.test(error.code) && !SECOND_FACTOR.test(error.message))
    return error;
  const words = error.message.replace(/^Tower [^:]+: login failed: /, '');
  return new TowerAuthError(
    `${words}; two-factor login needs an API key: set capeLabels.towers.${towerId}.apiKey`,
    { towerId, operation: 'login', passedThroughCode: error.code },
  );
}

/** One phrase for the log line and the run's note. */
export function describeLogin(login: TowerLogin): string {
  if (login.method === 'apiKey')
    return 'authenticated with an API key (no login)';
  if (login.source === 'LOCAL') return 'logged in as LOCAL user';
  if (login.source === 'AUTHN') {
    return `logged in as LDAP user through AUTHN (config ${login.authConfigId})`;
  }
  return login.reason === 'no-authn-strategies'
    ? 'logged in as LDAP user with source LDAP (Tower has no authnStrategies)'
    : 'logged in as LDAP user with source LDAP (authnStrategies lists no LDAP config)';
}
