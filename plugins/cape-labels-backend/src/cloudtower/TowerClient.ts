import type { LoggerService } from '@backstage/backend-plugin-api';
import { DEFAULT_MAX_IN_FLIGHT, Vars, positiveInt } from './connection';
import { parseAnswer, type TowerOperation } from './errors';
import { listLabelsInChains } from './listing';
import {
  anyReference,
  checkDocument,
  liveStates,
  parseCheck,
  parseReferences,
  referencesDocument,
  referencesVariables,
} from './checkLabels';
import * as ops from './operations';
import { LabelRelationDiscovery } from './relations';
import { TowerSession } from './session';
import type {
  GuardedDeleteInput,
  LabelLiveState,
  LabelRelations,
  ListLabelsFilter,
  RequestFailureListener,
  TowerClient,
  TowerClockReading,
  TowerConnectionOptions,
  TowerLabel,
  TowerLogin,
} from './types';

type TowerClientLogger = Pick<LoggerService, 'debug' | 'info' | 'warn'>;

type TowerClientDeps = {
  logger?: TowerClientLogger;
  /** Every failed request (not the caller's aborts): the metrics' Tower errors. */
  onRequestFailed?: RequestFailureListener;
};

class GraphQLTowerClient implements TowerClient {
  readonly towerId: string;
  private readonly session: TowerSession;
  private readonly logger?: TowerClientLogger;
  /** Requests in flight at once; also the number of listing chains run at once. */
  private readonly maxInFlight: number;
  /** Read once for the client's life (one run); the live check's documents are built from them. */
  private relations?: Promise<{
    relations: LabelRelations;
    checkQuery: string;
    references: string;
  }>;
  /** Holds the run's budget of probes, across retries of a failed discovery. */
  private readonly relationDiscovery: LabelRelationDiscovery;

  constructor(options: TowerConnectionOptions, deps: TowerClientDeps) {
    this.towerId = options.towerId;
    this.session = new TowerSession(options, deps.logger, deps.onRequestFailed);
    this.logger = deps.logger;
    this.maxInFlight = positiveInt(
      options.maxInFlight,
      DEFAULT_MAX_IN_FLIGHT,
      'maxInFlight',
    );
    this.relationDiscovery = new LabelRelationDiscovery(this.towerId);
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

  async readLabelRelations(signal?: AbortSignal): Promise<LabelRelations> {
    return (await this.relationsOnce(signal)).relations;
  }

  async checkLabels(
    ids: string[],
    signal?: AbortSignal,
  ): Promise<LabelLiveState[]> {
    if (ids.length === 0) return [];
    const { relations, checkQuery, references } =
      await this.relationsOnce(signal);
    const requested = new Set(ids);
    const check = await this.request(
      'checkLabels',
      checkQuery,
      { ids, referenced: anyReference(relations.fields) },
      data => parseCheck(data, requested, relations.unfiltered),
      signal,
    );
    // Which relation holds them: asked only of the labels still there that something references.
    const referenced = [...check.referenced].filter(id =>
      check.counters.has(id),
    );
    const byRelation = referenced.length
      ? await this.request(
          'checkLabels',
          references,
          referencesVariables(referenced, relations.fields),
          data => parseReferences(data, check.referenced, relations.fields),
          signal,
        )
      : new Map<string, ReadonlySet<string>>();
    return liveStates(check, byRelation);
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
    const { relations } = await this.relationsOnce(signal);
    const where = {
      AND: [
        { id_in: input.ids },
        { key_in: input.keys },
        { createdAt_lte: input.createdBefore },
        { total_num: 0 },
        ...relations.fields.map(r => ({ [`${r}_none`]: {} })),
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

  readClock(signal?: AbortSignal): Promise<TowerClockReading> {
    return this.session.readClock(signal);
  }

  loginUsed(): TowerLogin | undefined {
    return this.session.loginUsed();
  }

  close(): Promise<void> {
    return this.session.close();
  }

  /** One discovery shared by every caller; a failed one is tried again by the next caller. */
  private relationsOnce(signal?: AbortSignal) {
    this.relations ??= this.relationDiscovery
      .discover((document, variables, parse) =>
        this.request('readRelations', document, variables, parse, signal),
      )
      .then(
        relations => ({
          relations,
          checkQuery: checkDocument(relations.unfiltered),
          references: referencesDocument(relations.fields.length),
        }),
        (error: unknown) => {
          this.relations = undefined;
          throw error;
        },
      );
    return this.relations;
  }

  /** One operation through the session, then the answer's shape checked by `parse`. */
  private async request<T>(
    operation: TowerOperation,
    document: string,
    variables: Vars,
    parse: (data: unknown) => T,
    signal?: AbortSignal,
  ): Promise<T> {
    const data = await this.session.execute(
      operation,
      document,
      variables,
      signal,
    );
    return parseAnswer(this.towerId, operation, () => parse(data));
  }
}

/** Creates the client for one Tower; see docs/architecture.md#talking-to-tower. */
export function createTowerClient(
  options: TowerConnectionOptions,
  deps: TowerClientDeps = {},
): TowerClient {
  return new GraphQLTowerClient(options, deps);
}
