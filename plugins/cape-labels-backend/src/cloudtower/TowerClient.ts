import type { LoggerService } from '@backstage/backend-plugin-api';
import {
  DEFAULT_MAX_IN_FLIGHT,
  TowerConnection,
  Vars,
  positiveInt,
} from './connection';
import {
  TowerAbortedError,
  TowerAuthError,
  TowerGraphQLError,
  TowerOperation,
  TowerResponseError,
} from './errors';
import { raceAbort } from './raceAbort';
import { listLabelsInChains } from './listing';
import * as ops from './operations';
import { sampleDateHeader, TowerTimeSample } from './towerClock';
import type {
  GuardedDeleteInput,
  LabelLiveState,
  ListLabelsFilter,
  TowerClient,
  TowerClockReading,
  TowerConnectionOptions,
  TowerLabel,
} from './types';

export type TowerClientLogger = Pick<LoggerService, 'debug' | 'info' | 'warn'>;

export type TowerClientDeps = { logger?: TowerClientLogger };

class GraphQLTowerClient implements TowerClient {
  readonly towerId: string;
  private readonly connection: TowerConnection;
  private readonly logger?: TowerClientLogger;
  /** Requests in flight at once; also the number of listing chains run at once. */
  private readonly maxInFlight: number;
  private token?: string;
  private loginInFlight?: Promise<string>;
  /** Tower's time, from the answer of the last login. */
  private timeSample?: TowerTimeSample;

  constructor(
    private readonly options: TowerConnectionOptions,
    deps: TowerClientDeps,
  ) {
    this.towerId = options.towerId;
    this.connection = new TowerConnection(options, () => [
      options.password,
      this.token,
    ]);
    this.logger = deps.logger;
    this.maxInFlight = positiveInt(
      options.maxInFlight,
      DEFAULT_MAX_IN_FLIGHT,
      'maxInFlight',
    );
  }

  listLabelPages(
    filter: ListLabelsFilter,
    options: { pageSize: number; signal?: AbortSignal },
  ): AsyncIterable<TowerLabel[]> {
    const first = positiveInt(options.pageSize, 1, 'pageSize');
    const fetchPage = (conditions: Vars[]) =>
      this.request(
        'listLabels',
        ops.LIST_LABELS,
        { where: { AND: conditions }, first },
        ops.parseLabelRows,
        options.signal,
      );
    return listLabelsInChains(fetchPage, filter, {
      towerId: this.towerId,
      pageSize: first,
      maxChains: this.maxInFlight,
      onAnomaly: text => this.logger?.warn(`Tower ${this.towerId}: ${text}`),
    });
  }

  async checkLabels(
    ids: string[],
    signal?: AbortSignal,
  ): Promise<LabelLiveState[]> {
    if (ids.length === 0) return [];
    return this.request(
      'checkLabels',
      ops.CHECK_LABELS,
      { where: { id_in: ids } },
      data => ops.parseLiveStates(data, new Set(ids)),
      signal,
    );
  }

  async deleteLabelsGuarded(
    input: GuardedDeleteInput,
    signal?: AbortSignal,
  ): Promise<number> {
    // An empty `_in` list may mean "no filter" to some servers: never send one.
    if (input.ids.length === 0 || input.keys.length === 0) return 0;
    if (Number.isNaN(Date.parse(input.createdBefore))) {
      throw new TypeError(
        `deleteLabelsGuarded: createdBefore is not a timestamp: ${input.createdBefore}`,
      );
    }
    const where = {
      AND: [
        { id_in: input.ids },
        { key_in: input.keys },
        { createdAt_lte: input.createdBefore },
        { total_num: 0 },
        { vms_none: {} },
      ],
    };
    return this.request(
      'deleteLabels',
      ops.DELETE_LABELS,
      { where },
      ops.parseDeleteCount,
      signal,
    );
  }

  async readExistingIds(
    ids: string[],
    signal?: AbortSignal,
  ): Promise<string[]> {
    if (ids.length === 0) return [];
    return this.request(
      'readExistingIds',
      ops.READ_IDS,
      { where: { id_in: ids } },
      data => ops.parseExistingIds(data, new Set(ids)),
      signal,
    );
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
  private async execute(
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

  /** `execute`, then the answer's shape checked by `parse`. */
  private async request<T>(
    operation: TowerOperation,
    document: string,
    variables: Vars,
    parse: (data: unknown) => T,
    signal?: AbortSignal,
  ): Promise<T> {
    const data = await this.execute(operation, document, variables, signal);
    return this.parse(operation, () => parse(data));
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
    const token = this.parse('login', () => ops.parseLoginToken(data));
    this.logger?.debug(
      `Tower ${this.towerId}: logged in as ${this.options.username}`,
    );
    return token;
  }

  private parse<T>(operation: TowerOperation, fn: () => T): T {
    try {
      return fn();
    } catch (e) {
      if (!(e instanceof ops.ShapeError)) throw e;
      throw new TowerResponseError(`unexpected response: ${e.message}`, {
        towerId: this.towerId,
        operation,
        code: 'UNEXPECTED_SHAPE',
      });
    }
  }
}

/** Creates the client for one Tower; see docs/architecture.md#talking-to-tower. */
export function createTowerClient(
  options: TowerConnectionOptions,
  deps: TowerClientDeps = {},
): TowerClient {
  return new GraphQLTowerClient(options, deps);
}
