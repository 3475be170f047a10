import type { LoggerService } from '@backstage/backend-plugin-api';
import { TowerResponseError } from './errors';
import { LabelHolderReader } from './holders';
import * as ops from './operations';
import { LabelRelationDiscovery, readLiveStates } from './relations';
import { TowerSession } from './session';
import type {
  RequestFailureListener,
  TowerConnectionOptions,
  TowerLabel,
  Vars,
} from './types';

export type * from './types';

/** What the sweep asks of one Tower, for one run. */
export type TowerClient = ReturnType<typeof createTowerClient>;

export function createTowerClient(
  connection: TowerConnectionOptions,
  deps: {
    logger?: Pick<LoggerService, 'debug' | 'info' | 'warn'>;
    onRequestFailed?: RequestFailureListener;
  } = {},
) {
  const { towerId } = connection;
  const { logger } = deps;
  const session = new TowerSession(connection, logger, deps.onRequestFailed);
  const relations = new LabelRelationDiscovery(session);
  const holders = new LabelHolderReader(session);
  return {
    /**
     * One keyset chain per key, up to `requestsInFlight` at once: a label has one key, so the
     * chains are disjoint and together list what one chain over `key_in: keys` would, in about
     * 1/keys of its time. Pages arrive in each chain's order, interleaved between chains.
     */
    listLabelPages(
      filter: { keys: string[] },
      { pageSize, signal }: { pageSize: number; signal?: AbortSignal },
    ): AsyncIterable<TowerLabel[]> {
      const fetchPage = (conditions: Vars[]) =>
        session.request(
          'listLabels',
          ops.LIST_LABELS,
          { where: { AND: conditions }, first: pageSize },
          ops.parseLabelRows,
          signal,
        );
      const onAnomaly = (text: string) =>
        logger?.warn(`Tower ${towerId}: ${text}`);
      const chains = [...new Set(filter.keys)].map(
        key => () =>
          keysetChain(fetchPage, { towerId, key, pageSize, onAnomaly }),
      );
      return mergeChains(chains, connection.requestsInFlight);
    },

    /** Tower's `Label` relations, read once per client; unknown: `RELATIONS_UNKNOWN` thrown. */
    readLabelRelations: relations.read,

    /** Each label's live `total_num` and what references it; missing ids are absent. */
    async checkLabels(ids: string[], signal?: AbortSignal) {
      if (ids.length === 0) return [];
      return readLiveStates(session, await relations.read(signal), ids, signal);
    },

    /**
     * One `deleteManyLabels` with the rule-5 guard (`<relation>_none: {}` for every relation);
     * returns the count Tower reports.
     */
    async deleteLabelsGuarded(
      input: { ids: string[]; keys: string[]; createdBefore: string },
      signal?: AbortSignal,
    ): Promise<number> {
      // An empty `_in` list may mean "no filter" to some servers: never send one.
      if (input.ids.length === 0 || input.keys.length === 0) return 0;
      const { fields } = await relations.read(signal);
      // One object, its fields ANDed: Tower coerces each object of an `AND` list against all of
      // LabelWhereInput's fields, once per object.
      const where = {
        id_in: input.ids,
        key_in: input.keys,
        createdAt_lte: input.createdBefore,
        total_num: 0,
        ...Object.fromEntries(fields.map(r => [`${r}_none`, {}])),
      };
      return session.request(
        'deleteLabels',
        ops.DELETE_LABELS,
        { where },
        ops.parseDeleteCount,
        signal,
      );
    },

    async readExistingIds(ids: string[], signal?: AbortSignal) {
      if (ids.length === 0) return [];
      return session.request(
        'readExistingIds',
        ops.READ_IDS,
        { where: { id_in: ids } },
        data => [
          ...new Set(ops.requestedRows(data, new Set(ids)).map(r => r.id)),
        ],
        signal,
      );
    },

    /** The labels that objects without a relation on `Label` name (see `LabelHolderReader`). */
    readHeldLabels: (options: { pageSize: number; signal?: AbortSignal }) =>
      holders.read(options.pageSize, options.signal),

    /** Logs in unless a token is cached, for Tower's clock (with an API key: a ping if nothing was sent). */
    readClock: (signal?: AbortSignal) => session.readClock(signal),

    /** How the client authenticated, once it has (after `readClock` or any request). */
    loginUsed: () => session.loginUsed(),

    close: () => session.close(),
  };
}

/**
 * One chain of dependent keyset requests over the labels of one key: each page asks for ids
 * above the previous page's largest id. A full page that does not move the cursor stops the
 * chain with an error (it would repeat forever); rows repeated, out of range or of another
 * key (a misbehaving filter: they would be listed twice) are dropped and reported.
 */
export async function* keysetChain(
  fetchPage: (conditions: Vars[]) => Promise<ops.ParsedLabelRows>,
  options: {
    towerId: string;
    key: string;
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
  cursor?: string;
  /**
   * Ids yielded from the current page only: those of earlier pages are at or below `cursor`,
   * so a set of every label (and its hashing) on large Towers is not needed.
   */
  seen: Set<string>;
};

/**
 * Rows out of order within the page but above the cursor are new data and kept; the cursor
 * moves to the page's largest id (ids compare as JS strings, as Tower orders its cuid-like ids).
 */
export function acceptPage(
  state: KeysetState,
  rows: TowerLabel[],
): { labels: TowerLabel[]; dropped: number; advanced: boolean } {
  const before = state.cursor;
  state.seen.clear();
  const labels: TowerLabel[] = [];
  for (const row of rows) {
    if ((before !== undefined && row.id <= before) || state.seen.has(row.id))
      continue;
    state.seen.add(row.id);
    labels.push(row);
    if (state.cursor === undefined || row.id > state.cursor)
      state.cursor = row.id;
  }
  const dropped = rows.length - labels.length;
  return { labels, dropped, advanced: state.cursor !== before };
}

type Step<T> = { iterator: AsyncIterator<T> } & (
  { result: IteratorResult<T> } | { error: unknown }
);

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
  const running = new Map<AsyncIterator<T>, Promise<Step<T>>>();
  const failures: unknown[] = [];

  const pull = (iterator: AsyncIterator<T>) => {
    running.set(
      iterator,
      iterator.next().then(
        result => ({ iterator, result }),
        (error: unknown) => ({ iterator, error }),
      ),
    );
  };
  const startWaiting = () => {
    while (running.size < maxConcurrent && waiting.length > 0)
      pull(waiting.shift()!()[Symbol.asyncIterator]());
  };

  try {
    startWaiting();
    while (running.size > 0) {
      const step = await Promise.race(running.values());
      running.delete(step.iterator);
      if ('error' in step) {
        failures.push(step.error);
      } else if (!step.result.done) {
        pull(step.iterator);
        yield step.result.value;
        continue;
      }
      startWaiting();
    }
    if (failures.length > 0) throw failures[0];
  } finally {
    await Promise.allSettled([...running.keys()].map(i => i.return?.()));
  }
}
