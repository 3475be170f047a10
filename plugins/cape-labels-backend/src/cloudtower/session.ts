import type { LoggerService } from '@backstage/backend-plugin-api';
import { stringifyError } from '@backstage/errors';
import { DateTime } from 'luxon';
import { TowerConnection, Vars } from './connection';
import { authFailureCode } from './errorKind';
import {
  parseAnswer,
  TowerAbortedError,
  TowerAuthError,
  TowerOperation,
} from './errors';
import * as ops from './operations';
import {
  describeLogin,
  PasswordCredentials,
  PasswordLogin,
  resolvePasswordLogin,
  sendLogin,
} from './passwordLogin';
import type {
  RequestFailureListener,
  TowerClockReading,
  TowerConnectionOptions,
  TowerCredentials,
  TowerLogin,
} from './types';

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

  private async login(): Promise<string> {
    const credentials = this.credentials as PasswordCredentials;
    this.resolved ??= await resolvePasswordLogin(
      credentials,
      this.towerId,
      this.connection,
    );
    const token = await sendLogin(
      this.connection,
      this.towerId,
      credentials,
      this.resolved,
      date => {
        this.timeSample = sampleDateHeader(date);
      },
    );
    this.tokens.add(token);
    this.noteAuthenticated(this.resolved, ` (user ${credentials.username})`);
    return token;
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
