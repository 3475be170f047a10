import type {
  PluginRunErrorCode,
  RunNote,
  RunNoteCode,
} from '@smartx-cape/plugin-cape-labels-common';
import { TowerAuthError, TowerGraphQLError, TowerHttpError } from './errors';
import type { TowerLogin } from './types';

export type PasswordLogin = Extract<TowerLogin, { method: 'password' }>;

export const LOGIN_CODES: ReadonlySet<string> = new Set([
  'LOGIN_FAILED',
  'USER_NOT_FOUND',
  'USER_PASSWORD_INCORRECT',
]);

/**
 * A Tower before 3.0 does not know the query: a GraphQL validation error about the field (in a
 * 200 answer, or a 400 as some GraphQL servers send it). Anything else fails the login.
 */
export function unknownQuery(e: unknown): boolean {
  let code: string | undefined;
  if (e instanceof TowerGraphQLError) code = e.graphqlCode;
  else if (e instanceof TowerHttpError && e.status === 400) code = e.towerCode;
  else return false;
  return (
    e.message.includes('authnStrategies') &&
    (code === 'GRAPHQL_VALIDATION_FAILED' ||
      /cannot query field/i.test(e.message))
  );
}

/** Picks the LDAP config: the configured one, else the only one; never a guess. */
export function pickConfig(
  ids: string[],
  wanted: string | undefined,
  towerId: string,
): PasswordLogin {
  const key = `capeLabels.towers.${towerId}.authConfigId`;
  const listed = ids.length ? `ids: ${ids.join(', ')}` : 'none';
  const fail = (detail: string, code: PluginRunErrorCode) =>
    new TowerAuthError(detail, { towerId, operation: 'login', code });
  if (wanted !== undefined && !ids.includes(wanted))
    throw fail(
      `${key} ${wanted} is not an LDAP config of this Tower (authnStrategies lists ${listed})`,
      'LDAP_CONFIG_UNKNOWN',
    );
  if (wanted === undefined && ids.length > 1)
    throw fail(
      `Tower has several LDAP configs (${listed}); set ${key} to the one to log in through`,
      'LDAP_CONFIG_AMBIGUOUS',
    );
  const authConfigId = wanted ?? ids[0];
  if (authConfigId === undefined)
    return { method: 'password', source: 'LDAP', reason: 'no-ldap-config' };
  return { method: 'password', source: 'AUTHN', authConfigId };
}

const SECOND_FACTOR = /\b(MFA|2FA|OTP|TWO_FACTOR)|two-factor|second factor/i;

/**
 * A login Tower refused because it wants a second factor (its code or words say so, as no
 * public source shows the exact answer): the same refusal, naming the key that avoids it.
 */
export function withApiKeyHint(error: unknown, towerId: string): unknown {
  if (!(error instanceof TowerAuthError)) return error;
  if (!SECOND_FACTOR.test(error.code) && !SECOND_FACTOR.test(error.message))
    return error;
  const words = error.message.replace(/^Tower [^:]+: login failed: /, '');
  return new TowerAuthError(
    `${words}; two-factor login needs an API key: set capeLabels.towers.${towerId}.apiKey`,
    { towerId, operation: 'login', passedThroughCode: error.code },
  );
}

/** How the client got into Tower, as a run's note; a LOCAL user's, the usual login, has no code. */
export function loginNote(login: TowerLogin): RunNote {
  if (login.method === 'apiKey')
    return {
      code: 'LOGIN_API_KEY',
      message: 'authenticated with an API key (no login)',
    };
  if (login.source === 'LOCAL') return { message: 'logged in as LOCAL user' };
  if (login.source === 'AUTHN')
    return {
      code: 'LOGIN_LDAP_AUTHN',
      params: { authConfigId: login.authConfigId },
      message: `logged in as LDAP user through AUTHN (config ${login.authConfigId})`,
    };
  const why = (code: RunNoteCode, words: string) => ({
    code,
    message: `logged in as LDAP user with source LDAP (${words})`,
  });
  return login.reason === 'no-authn-strategies'
    ? why('LOGIN_LDAP_NO_AUTHN_STRATEGIES', 'Tower has no authnStrategies')
    : why('LOGIN_LDAP_NO_LDAP_CONFIG', 'authnStrategies lists no LDAP config');
}

export const describeLogin = (login: TowerLogin) => loginNote(login).message;
