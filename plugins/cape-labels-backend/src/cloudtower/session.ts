import type { LoggerService } from '@backstage/backend-plugin-api';
import { stringifyError } from '@backstage/errors';
import type { PluginRunErrorCode } from '@smartx-cape/plugin-cape-labels-common';
import { DateTime } from 'luxon';
import { plainText } from '../lib/plainText';
import {
  authFailureCode,
  parseAnswer,
  TowerAbortedError,
  TowerAuthError,
  TowerGraphQLError,
  TowerHttpError,
  TowerOperation,
} from './errors';
import * as ops from './operations';
import { TowerConnection, Vars } from './transport';
import type {
  RequestFailureListener,
  TowerClockReading,
  TowerConnectionOptions,
  TowerCredentials,
  TowerLogin,
} from './TowerClient';

/** Config ids quoted from Tower, at most (UTF-8 bytes each). */
const MAX_ID_BYTES = 128;

/**
 * What authenticates one client's requests to Tower. With a password: one login shared by
 * concurrent callers (one in flight at a time), one fresh login when Tower refuses the token,
 * Tower's clock from the login's `Date` header, the logout. With an API key: the key on every
 * request, no login or logout, Tower's clock from the first answer, and a refused key fails
 * every later call without sending it again.
 */
export class TowerSession {
  private readonly towerId: string;
  private readonly connection: TowerConnection;
  private readonly credentials: TowerCredentials;
  private token?: string;
  /** Every token this session was given: scrubbed from errors for as long as the session lives. */
  private readonly tokens = new Set<string>();
  private loginInFlight?: Promise<string>;
  /** How the password logs in, resolved once (LDAP: through `authnStrategies`). */
  private resolved?: PasswordLogin;
  /** How the session authenticated, once it has. */
  private authenticated?: TowerLogin;
  /** Tower's time, from the answer of the last login (an API key's first answer). */
  private timeSample?: TowerTimeSample;
  /** The code Tower refused the API key with. */
  private keyRefusedCode?: string;

  constructor(
    options: TowerConnectionOptions,
    private readonly logger?: Pick<LoggerService, 'debug' | 'info'>,
    onRequestFailed?: RequestFailureListener,
  ) {
    this.towerId = options.towerId;
    this.credentials = options.credentials;
    this.connection = new TowerConnection(
      options,
      () => [...this.tokens],
      onRequestFailed,
    );
  }

  async readClock(signal?: AbortSignal): Promise<TowerClockReading> {
    if (this.credentials.kind === 'apiKey') {
      if (!this.timeSample) {
        const data = await this.execute('ping', ops.PING, {}, signal);
        parseAnswer(this.towerId, 'ping', () => ops.parsePing(data));
      }
    } else {
      await this.getToken('login', signal);
    }
    const sample = this.timeSample;
    if (!sample)
      return { source: 'local', reason: 'Tower sent no Date header' };
    if ('reason' in sample) return { source: 'local', reason: sample.reason };
    // Tower's time has moved on since the header: the header's time is a lower bound.
    return { source: 'tower', towerNowMs: sample.towerTimeMs };
  }

  loginUsed(): TowerLogin | undefined {
    return this.authenticated;
  }

  async close(): Promise<void> {
    const token = this.token;
    this.token = undefined;
    if (token) {
      try {
        await this.connection.send('logout', ops.LOGOUT, {}, token);
      } catch (e) {
        this.logger?.debug(
          `Tower ${this.towerId}: logout failed (ignored): ${stringifyError(e)}`,
        );
      }
    }
    await this.connection.close();
  }

  /** Runs one operation; with a password, logs in again once when Tower refuses the token. */
  async execute(
    operation: TowerOperation,
    document: string,
    variables: Vars,
    signal?: AbortSignal,
  ): Promise<unknown> {
    if (signal?.aborted) {
      throw new TowerAbortedError({ towerId: this.towerId, operation });
    }
    if (this.credentials.kind === 'apiKey') {
      return this.executeWithKey(
        this.credentials.apiKey,
        operation,
        document,
        variables,
        signal,
      );
    }
    for (let attempt = 1; ; attempt++) {
      const token = await this.getToken(operation, signal);
      try {
        return await this.connection.send(
          operation,
          document,
          variables,
          token,
          signal,
        );
      } catch (e) {
        const code = authFailureCode(e);
        if (code === undefined) throw e;
        if (this.token === token) this.token = undefined;
        if (attempt > 1) {
          const why = `(${code})`;
          throw new TowerAuthError(
            `token rejected again after a fresh login ${why}`,
            { towerId: this.towerId, operation, passedThroughCode: code },
          );
        }
        this.logger?.info(
          `Tower ${this.towerId}: token rejected during ${operation} (${code}), logging in again`,
        );
      }
    }
  }

  private async executeWithKey(
    apiKey: string,
    operation: TowerOperation,
    document: string,
    variables: Vars,
    signal?: AbortSignal,
  ): Promise<unknown> {
    if (this.keyRefusedCode === undefined) {
      try {
        const data = await this.connection.send(
          operation,
          document,
          variables,
          apiKey,
          signal,
          date => {
            this.timeSample ??= sampleDateHeader(date);
          },
        );
        this.noteAuthenticated({ method: 'apiKey' });
        return data;
      } catch (e) {
        const code = authFailureCode(e);
        if (code === undefined) throw e;
        this.keyRefusedCode = code;
      }
    }
    throw new TowerAuthError(
      `API key refused (${this.keyRefusedCode}); an API key is never retried or replaced by a login`,
      { towerId: this.towerId, operation, code: 'API_KEY_REFUSED' },
    );
  }

  /** The cached token, or the one login in flight shared by every caller. */
  private async getToken(
    operation: TowerOperation,
    signal?: AbortSignal,
  ): Promise<string> {
    if (this.token) return this.token;
    if (!this.loginInFlight) {
      const attempt = this.login().then(
        token => {
          this.token = token;
          this.loginInFlight = undefined;
          return token;
        },
        (e: unknown) => {
          this.loginInFlight = undefined;
          throw e;
        },
      );
      attempt.catch(() => undefined);
      this.loginInFlight = attempt;
    }
    // The shared login ignores one caller's signal; each caller stops waiting on its own.
    return raceAbort(
      this.loginInFlight,
      () => new TowerAbortedError({ towerId: this.towerId, operation }),
      signal,
    );
  }

  /**
   * The login mutation, without a token; its answer's `Date` header is Tower's clock. A login
   * answered without a token (two-factor login) is `NO_TOKEN`.
   */
  private async login(): Promise<string> {
    const credentials = this.credentials as PasswordCredentials;
    this.resolved ??= await this.resolveLogin(credentials);
    const data = await this.connection
      .send(
        'login',
        ops.LOGIN,
        { data: loginInput(credentials, this.resolved) },
        undefined,
        undefined,
        date => {
          this.timeSample = sampleDateHeader(date);
        },
      )
      .catch((e: unknown) => {
        throw withApiKeyHint(e, this.towerId);
      });
    const token = parseAnswer(this.towerId, 'login', () =>
      ops.parseLoginToken(data),
    );
    if (!token) throw noTokenError(this.towerId);
    this.tokens.add(token);
    this.noteAuthenticated(this.resolved, ` (user ${credentials.username})`);
    return token;
  }

  /**
   * How these credentials log in. For LDAP, sends `authnStrategies` (no token) and picks among
   * the LDAP config ids it lists, scrubbed before they are quoted.
   */
  private async resolveLogin(
    credentials: PasswordCredentials,
  ): Promise<PasswordLogin> {
    if (credentials.userSource === 'LOCAL') {
      return { method: 'password', source: 'LOCAL' };
    }
    let ids: string[];
    try {
      const data = await this.connection.send(
        'authnStrategies',
        ops.AUTHN_STRATEGIES,
        {},
      );
      ids = parseAnswer(this.towerId, 'authnStrategies', () =>
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
    const safeIds = ids.map(id =>
      plainText(this.connection.scrub(id), MAX_ID_BYTES),
    );
    return pickConfig(safeIds, credentials.authConfigId, this.towerId);
  }

  /** The first success says, in the log, how the session authenticated. */
  private noteAuthenticated(login: TowerLogin, who = ''): void {
    if (this.authenticated) return;
    this.authenticated = login;
    this.logger?.info(`Tower ${this.towerId}: ${describeLogin(login)}${who}`);
  }
}

/** Tower's time as an HTTP `Date` header told it, or why it could not. */
type TowerTimeSample = { towerTimeMs: number } | { reason: string };

/** Reads an HTTP `Date` header (RFC 1123 and the other HTTP forms, always UTC). */
export function sampleDateHeader(
  header: string | null | undefined,
): TowerTimeSample {
  if (!header) return { reason: 'Tower sent no Date header' };
  const towerTime = DateTime.fromHTTP(header, { zone: 'utc' });
  if (!towerTime.isValid) {
    return { reason: 'Tower sent a Date header that is not an HTTP date' };
  }
  return { towerTimeMs: towerTime.toMillis() };
}

/** Lets one caller stop waiting on a promise shared with other callers. */
function raceAbort<T>(
  promise: Promise<T>,
  aborted: () => Error,
  signal?: AbortSignal,
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/*
 * The rules of a password login, without I/O: which source (LOCAL; for LDAP users AUTHN with the
 * id of Tower's LDAP config from `authnStrategies`, or LDAP on a Tower older than 3.0), the login's
 * variables, its refusals, and the words the log and the run use for it.
 */

export type PasswordCredentials = Extract<
  TowerCredentials,
  { kind: 'password' }
>;
type PasswordLogin = Extract<TowerLogin, { method: 'password' }>;

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
