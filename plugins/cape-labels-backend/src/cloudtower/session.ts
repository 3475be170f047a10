import type { LoggerService } from '@backstage/backend-plugin-api';
import { TowerConnection, Vars } from './connection';
import {
  TowerAbortedError,
  TowerAuthError,
  TowerGraphQLError,
  TowerOperation,
  TowerResponseError,
} from './errors';
import * as ops from './operations';
import { raceAbort } from './raceAbort';
import { sampleDateHeader, TowerTimeSample } from './towerClock';
import type { TowerClockReading, TowerConnectionOptions } from './types';

/** Checks an answer's shape: a malformed answer is a `TowerResponseError`. */
export function parseAnswer<T>(
  towerId: string,
  operation: TowerOperation,
  fn: () => T,
): T {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof ops.ShapeError)) throw e;
    throw new TowerResponseError(`unexpected response: ${e.message}`, {
      towerId,
      operation,
      code: 'UNEXPECTED_SHAPE',
    });
  }
}

/**
 * One Tower login and what hangs on it: the token shared by concurrent callers (one login in
 * flight at a time), one fresh login when Tower answers `LOAD_TOKEN_FAILED`, Tower's clock from
 * the login's `Date` header, and the logout.
 */
export class TowerSession {
  private readonly towerId: string;
  private readonly connection: TowerConnection;
  private token?: string;
  private loginInFlight?: Promise<string>;
  /** Tower's time, from the answer of the last login. */
  private timeSample?: TowerTimeSample;

  constructor(
    private readonly options: TowerConnectionOptions,
    private readonly logger?: Pick<LoggerService, 'debug' | 'info'>,
  ) {
    this.towerId = options.towerId;
    this.connection = new TowerConnection(options, () => [
      options.password,
      this.token,
    ]);
  }

  async readClock(signal?: AbortSignal): Promise<TowerClockReading> {
    await this.getToken('login', signal);
    const sample = this.timeSample;
    if (!sample)
      return { source: 'local', reason: 'Tower sent no Date header' };
    if ('reason' in sample) return { source: 'local', reason: sample.reason };
    // Tower's time has moved on since the header: the header's time is a lower bound.
    return { source: 'tower', towerNowMs: sample.towerTimeMs };
  }

  async close(): Promise<void> {
    const token = this.token;
    this.token = undefined;
    if (token) {
      try {
        await this.connection.send('logout', ops.LOGOUT, {}, token);
      } catch (e) {
        this.logger?.debug(
          `Tower ${this.towerId}: logout failed (ignored): ${(e as Error).message}`,
        );
      }
    }
    await this.connection.close();
  }

  /** Runs one operation with the cached token; logs in again once on LOAD_TOKEN_FAILED. */
  async execute(
    operation: TowerOperation,
    document: string,
    variables: Vars,
    signal?: AbortSignal,
  ): Promise<unknown> {
    if (signal?.aborted) {
      throw new TowerAbortedError({ towerId: this.towerId, operation });
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
        if (!(e instanceof TowerGraphQLError) || e.code !== 'LOAD_TOKEN_FAILED')
          throw e;
        if (this.token === token) this.token = undefined;
        if (attempt > 1) {
          throw new TowerAuthError(
            'token rejected again after a fresh login (LOAD_TOKEN_FAILED)',
            { towerId: this.towerId, operation, code: 'LOAD_TOKEN_FAILED' },
          );
        }
        this.logger?.info(
          `Tower ${this.towerId}: token rejected during ${operation}, logging in again`,
        );
      }
    }
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
    const data = await this.connection.send(
      'login',
      ops.LOGIN,
      {
        data: {
          username: this.options.username,
          password: this.options.password,
          source: this.options.userSource,
        },
      },
      undefined,
      undefined,
      date => {
        this.timeSample = sampleDateHeader(date);
      },
    );
    const token = parseAnswer(this.towerId, 'login', () =>
      ops.parseLoginToken(data),
    );
    this.logger?.debug(
      `Tower ${this.towerId}: logged in as ${this.options.username}`,
    );
    return token;
  }
}
