import type { LoggerService } from '@backstage/backend-plugin-api';
import type { RelationFinding } from '@smartx-cape/plugin-cape-labels-common';
import { TowerResponseError, type TowerError } from './errors';
import { LabelHolderReader, type HeldLabels } from './holders';
import * as ops from './operations';
import {
  anyReference,
  LabelRelationDiscovery,
  liveStates,
  parseCheck,
  parseReferences,
  referencesVariables,
} from './relations';
import { positiveInt, TowerSession, type Vars } from './session';

/**
 * How the client proves who it is to one Tower: a user's password (logged in with the login
 * mutation; a token per client) or an API key (sent as is, never a login or logout).
 */
export type TowerCredentials =
  | {
      kind: 'password';
      username: string;
      password: string;
      /** LDAP: through `authnStrategies` and source AUTHN where Tower has it, else source LDAP. */
      userSource: 'LOCAL' | 'LDAP';
      /** Which of several LDAP configs of a Tower 3.0+ to log in through (`authnStrategies` id). */
      authConfigId?: string;
    }
  | { kind: 'apiKey'; apiKey: string };

/** Where a Tower is and how to log in to it: the configured Tower carries the same fields. */
export type TowerEndpoint = {
  /** Base URL; the GraphQL endpoint is `<server>/api`. */
  server: string;
  credentials: TowerCredentials;
  /**
   * Sent on every request to this Tower (login included) and to nothing else, e.g. a gateway's
   * `x-bypass-whitelist: true`. Values are secrets. Never a name the client owns
   * (`authorization`, `content-type`, `content-length`, `host`).
   */
  headers?: Readonly<Record<string, string>>;
  skipTLSVerify: boolean;
  /** PEM bundle trusted in addition to the system CAs. */
  caCert?: string;
};

/**
 * How a client authenticated to Tower: the LOCAL or LDAP source of a password login (for LDAP,
 * through AUTHN and which `authnStrategies` config, or source LDAP on a Tower without that
 * query), or an API key.
 */
export type TowerLogin =
  | { method: 'password'; source: 'LOCAL' }
  | { method: 'password'; source: 'AUTHN'; authConfigId: string }
  | {
      method: 'password';
      source: 'LDAP';
      /** Why not AUTHN: Tower does not know `authnStrategies`, or lists no LDAP config. */
      reason: 'no-authn-strategies' | 'no-ldap-config';
    }
  | { method: 'apiKey' };

/**
 * Told of every request to Tower that failed (the caller's aborts aside), as the error the
 * caller gets: the metrics count them by kind (`towerErrorKind`). Must not throw.
 */
export type RequestFailureListener = (error: TowerError) => void;

/** How to reach and log in to one Tower, and how hard to work it. */
export type TowerConnectionOptions = TowerEndpoint & {
  /** Tower id from config, used in error messages. */
  towerId: string;
  /** Per-request timeout in ms (default 30 000). */
  requestTimeoutMs?: number;
  /** Requests in flight at once to this Tower (default DEFAULT_MAX_IN_FLIGHT). */
  maxInFlight?: number;
  /** Largest response body accepted, in bytes (default 8 MiB, `capeLabels.maxResponseBytes`). */
  maxResponseBytes?: number;
};

/** A label as listed by the sweep. */
export type TowerLabel = {
  id: string;
  key: string;
  value: string | null;
  createdAt: string;
  /** Tower's lagging counter; null = not computed yet. */
  totalNum: number | null;
};

/** Live state of a label just before deletion (rule 4, docs/architecture.md#the-deletion-rules). */
export type LabelLiveState = {
  id: string;
  totalNum: number | null;
  /** True when anything (any relation, recycle-bin VMs included) references the label right now. */
  referenced: boolean;
  /**
   * The relations (`vms`, `vm_snapshots`, ...) found holding it, in the order of the run's
   * relations; may be empty for a referenced label when Tower's second read did not say which.
   */
  referencedBy: string[];
};

/**
 * The relations of a Tower's `Label` (every kind of object that can reference a label), read once
 * per run: from introspection, or by probing the built-in list where Tower refuses introspection.
 */
export type LabelRelations = {
  source: 'introspection' | 'probe';
  /** The relations whose `_some` and `_none` filters the check and the guard name. */
  fields: string[];
  /** How each of `fields` was found. */
  foundBy: Record<string, RelationFinding>;
  /** List fields of `Label` without those filters: the live check reads them for each candidate. */
  unfiltered: UnfilteredField[];
  /** Built-in relations this Tower lacks. */
  lackingBuiltIn: string[];
  /** Relations this Tower has beyond the built-in list. */
  beyondBuiltIn: string[];
};

/** A list field of `Label` the live check reads directly; `paged` when it takes `first`. */
export type UnfilteredField = { name: string; paged: boolean };

export type ListLabelsFilter = {
  /** `key_in` */
  keys: string[];
};

/** Rule-5 guard: the server-side repeat of rules 1-4. */
export type GuardedDeleteInput = {
  ids: string[];
  keys: string[];
  /** ISO timestamp: `createdAt_lte`. */
  createdBefore: string;
};

/**
 * Tower's clock, from the HTTP `Date` header of login's answer (an API key's first answer):
 * `towerNowMs` is the header's time, a lower bound of Tower's time when it is read (whole
 * seconds, then travel and the time since the answer), so a cutoff taken from it can only be
 * early, never late.
 */
export type TowerClockReading =
  { source: 'tower'; towerNowMs: number } | { source: 'local'; reason: string };

/** Typed operations on one Tower. */
export interface TowerClient {
  /** Keyset pages ordered by id (`id_gt` the last id of the previous page). */
  listLabelPages(
    filter: ListLabelsFilter,
    options: { pageSize: number; signal?: AbortSignal },
  ): AsyncIterable<TowerLabel[]>;
  /**
   * The relations of Tower's `Label`, read on first use and kept for the client's life (one run).
   * Throws a `TowerResponseError` `RELATIONS_UNKNOWN` when they cannot be determined.
   */
  readLabelRelations(signal?: AbortSignal): Promise<LabelRelations>;
  /**
   * One request: each label's live `total_num`, and per relation which of the ids it references.
   * Missing ids are absent.
   */
  checkLabels(ids: string[], signal?: AbortSignal): Promise<LabelLiveState[]>;
  /**
   * One `deleteManyLabels` with the rule-5 guard (`<relation>_none: {}` for every relation);
   * returns the count Tower reports.
   */
  deleteLabelsGuarded(
    input: GuardedDeleteInput,
    signal?: AbortSignal,
  ): Promise<number>;
  /** Which of these ids still exist (one request). */
  readExistingIds(ids: string[], signal?: AbortSignal): Promise<string[]>;
  /**
   * Every label an object without a relation on `Label` names (holders.ts), all pages; which
   * holders this Tower has is found on first use. Throws a `HolderUnreadableError` naming a holder
   * Tower has but that could not be read.
   */
  readHeldLabels(options: {
    pageSize: number;
    signal?: AbortSignal;
  }): Promise<HeldLabels>;
  /**
   * Logs in (unless a token is cached) and reads Tower's clock from login's answer; with an API
   * key, from the first answer (a `CapeLabelsPing` when nothing else was sent yet). Optional:
   * a client without it leaves the sweep on the backend's clock, recorded as such.
   */
  readClock?(signal?: AbortSignal): Promise<TowerClockReading>;
  /**
   * How the client authenticated, once it has (after `readClock` or any request); undefined
   * before. Optional: the sweep notes it on the run when present.
   */
  loginUsed?(): TowerLogin | undefined;
  /** Revokes the cached token, if any. */
  close(): Promise<void>;
}

type TowerClientDeps = {
  logger?: Pick<LoggerService, 'debug' | 'info' | 'warn'>;
  /** Every failed request (not the caller's aborts): the metrics' Tower errors. */
  onRequestFailed?: RequestFailureListener;
};

class GraphQLTowerClient implements TowerClient {
  private readonly towerId: string;
  private readonly session: TowerSession;
  private readonly logger?: TowerClientDeps['logger'];
  private readonly relations: LabelRelationDiscovery;
  private readonly holders: LabelHolderReader;

  constructor(options: TowerConnectionOptions, deps: TowerClientDeps) {
    this.towerId = options.towerId;
    this.session = new TowerSession(options, deps.logger, deps.onRequestFailed);
    this.logger = deps.logger;
    this.relations = new LabelRelationDiscovery(this.towerId, this.session);
    this.holders = new LabelHolderReader(this.towerId, this.session);
  }

  /**
   * One keyset chain per key, up to `maxInFlight` chains at once: a label has one key, so the
   * chains are disjoint and together list what one chain over `key_in: keys` would, in about
   * 1/keys of its time. Pages arrive in each chain's order, interleaved between chains.
   */
  listLabelPages(
    filter: ListLabelsFilter,
    options: { pageSize: number; signal?: AbortSignal },
  ): AsyncIterable<TowerLabel[]> {
    const pageSize = positiveInt(options.pageSize, 1, 'pageSize');
    const fetchPage = (conditions: Vars[]) =>
      this.session.request(
        'listLabels',
        ops.LIST_LABELS,
        { where: { AND: conditions }, first: pageSize },
        ops.parseLabelRows,
        options.signal,
      );
    const onAnomaly = (text: string) =>
      this.logger?.warn(`Tower ${this.towerId}: ${text}`);
    const chains = [...new Set(filter.keys)].map(
      key => () =>
        keysetChain(fetchPage, {
          towerId: this.towerId,
          key,
          pageSize,
          onAnomaly,
        }),
    );
    return mergeChains(chains, this.session.maxInFlight);
  }

  async readLabelRelations(signal?: AbortSignal): Promise<LabelRelations> {
    return (await this.relations.read(signal)).relations;
  }

  async checkLabels(
    ids: string[],
    signal?: AbortSignal,
  ): Promise<LabelLiveState[]> {
    if (ids.length === 0) return [];
    const { relations, checkQuery, references } =
      await this.relations.read(signal);
    const requested = new Set(ids);
    const check = await this.session.request(
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
      ? await this.session.request(
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
    const { relations } = await this.relations.read(signal);
    // One object, its fields ANDed: Tower coerces each object of an `AND` list against all of
    // LabelWhereInput's fields, once per object.
    const where = {
      id_in: input.ids,
      key_in: input.keys,
      createdAt_lte: input.createdBefore,
      total_num: 0,
      ...Object.fromEntries(relations.fields.map(r => [`${r}_none`, {}])),
    };
    return this.session.request(
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
    return this.session.request(
      'readExistingIds',
      ops.READ_IDS,
      { where: { id_in: ids } },
      data => ops.parseExistingIds(data, new Set(ids)),
      signal,
    );
  }

  readHeldLabels(options: {
    pageSize: number;
    signal?: AbortSignal;
  }): Promise<HeldLabels> {
    const pageSize = positiveInt(options.pageSize, 1, 'pageSize');
    return this.holders.read(pageSize, options.signal);
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
}

/** Creates the client for one Tower; see docs/architecture.md#talking-to-tower. */
export function createTowerClient(
  options: TowerConnectionOptions,
  deps: TowerClientDeps = {},
): TowerClient {
  return new GraphQLTowerClient(options, deps);
}

/** Sends one `labels` request with these conditions (AND-ed) and `first`. */
type FetchLabelPage = (conditions: Vars[]) => Promise<ops.ParsedLabelRows>;

/**
 * One chain of dependent keyset requests over the labels of one key: each page asks for ids
 * above the previous page's largest id. A full page that does not move the cursor stops the
 * chain with an error (it would repeat forever); rows repeated, out of range or of another
 * key (a misbehaving filter: they would be listed twice) are dropped and reported.
 */
export async function* keysetChain(
  fetchPage: FetchLabelPage,
  options: {
    towerId: string;
    key: string;
    /** Rows asked per page (`first`). */
    pageSize: number;
    onAnomaly?: (text: string) => void;
  },
): AsyncGenerator<TowerLabel[]> {
  const { key, pageSize: first } = options;
  const state: KeysetState = { seen: new Set() };
  for (;;) {
    const conditions: Vars[] = [{ key_in: [key] }];
    if (state.cursor !== undefined) conditions.push({ id_gt: state.cursor });
    const parsed = await fetchPage(conditions);
    const own = parsed.labels.filter(r => r.key === key);
    const foreign = parsed.labels.length - own.length;
    const page = acceptPage(state, own);
    if (
      parsed.malformed + page.dropped + foreign > 0 ||
      parsed.received > first
    ) {
      options.onAnomaly?.(
        `label page anomalies (key ${key}): ${parsed.received} rows for ${first} asked, ` +
          `${parsed.malformed} malformed, ${page.dropped} duplicate or out of order, ` +
          `${foreign} of another key (ignored)`,
      );
    }
    if (page.labels.length > 0) yield page.labels;
    if (parsed.received < first) return;
    if (!page.advanced) {
      throw new TowerResponseError(
        `label listing did not advance (ids not increasing) for key ${key}`,
        {
          towerId: options.towerId,
          operation: 'listLabels',
          code: 'UNEXPECTED_SHAPE',
        },
      );
    }
  }
}

export type KeysetState = {
  /** Largest id seen so far; the next page asks for `id_gt: cursor`. */
  cursor?: string;
  /**
   * Ids yielded from the current page. Every id of earlier pages is at or below `cursor`
   * (the cursor is their maximum), so those are dropped by comparison; keeping only the
   * current page's ids saves a set of every label (and its hashing) on large Towers.
   */
  seen: Set<string>;
};

type AcceptedPage = {
  labels: TowerLabel[];
  /** Rows dropped: at or below the previous cursor, or already yielded. */
  dropped: number;
  /** False when the page did not move the cursor (the listing would loop). */
  advanced: boolean;
};

/**
 * Takes one page of well-formed rows as Tower returned them and decides what
 * to yield. Safe behaviour for a misbehaving server:
 * - a row whose id is not above the previous page's cursor, or that was
 *   already yielded, is dropped (and counted, so the caller can log it);
 * - rows out of order *within* the page but above the cursor are kept: they
 *   are new data, and dropping them could skip a label;
 * - the cursor advances to the largest id of the page, so a page larger than
 *   asked is processed completely and nothing in it is listed again.
 * Ids compare as JS strings, matching Tower's ordering of cuid-like ids.
 */
export function acceptPage(
  state: KeysetState,
  rows: TowerLabel[],
): AcceptedPage {
  const before = state.cursor;
  state.seen.clear();
  const labels: TowerLabel[] = [];
  let dropped = 0;
  for (const row of rows) {
    if ((before !== undefined && row.id <= before) || state.seen.has(row.id)) {
      dropped += 1;
      continue;
    }
    state.seen.add(row.id);
    labels.push(row);
    if (state.cursor === undefined || row.id > state.cursor) {
      state.cursor = row.id;
    }
  }
  return { labels, dropped, advanced: state.cursor !== before };
}

type Running<T> = {
  iterator: AsyncIterator<T>;
  /** The chain's next item, already requested; never rejects. */
  next: Promise<Step<T>>;
};

type Step<T> =
  | { running: Running<T>; result: IteratorResult<T> }
  | { running: Running<T>; error: unknown };

/**
 * Runs independent chains (each an ordered sequence, such as keyset pages) side by side, at most
 * `maxConcurrent` at once, and yields their items as they arrive. Each chain's own order is kept;
 * a running chain has one item requested ahead, so its next request is on the wire while the
 * current item is consumed. A chain that fails stops alone: the others run to their end, then
 * the first failure is thrown. If the consumer stops early, the running chains are closed.
 */
export async function* mergeChains<T>(
  chains: Array<() => AsyncIterable<T>>,
  maxConcurrent: number,
): AsyncGenerator<T> {
  if (!Number.isInteger(maxConcurrent) || maxConcurrent < 1) {
    throw new TypeError(
      `mergeChains: maxConcurrent must be a positive integer, got ${maxConcurrent}`,
    );
  }
  const waiting = [...chains];
  // Insertion order is the race order: a chain that just yielded goes to the back.
  const running = new Set<Running<T>>();
  const failures: unknown[] = [];

  const pull = (r: Running<T>) => {
    r.next = r.iterator.next().then(
      result => ({ running: r, result }),
      (error: unknown) => ({ running: r, error }),
    );
  };
  const startWaiting = () => {
    while (running.size < maxConcurrent && waiting.length > 0) {
      const chain = waiting.shift()!;
      const r = { iterator: chain()[Symbol.asyncIterator]() } as Running<T>;
      pull(r);
      running.add(r);
    }
  };

  try {
    startWaiting();
    while (running.size > 0) {
      const step = await Promise.race([...running].map(r => r.next));
      running.delete(step.running);
      if ('error' in step) {
        failures.push(step.error);
      } else if (!step.result.done) {
        pull(step.running);
        running.add(step.running);
        yield step.result.value;
        continue;
      }
      startWaiting();
    }
    if (failures.length > 0) throw failures[0];
  } finally {
    await Promise.allSettled([...running].map(r => r.iterator.return?.()));
  }
}
