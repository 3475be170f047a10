import type { Vars } from './connection';
import { TowerResponseError } from './errors';
import type { ParsedLabelRows } from './operations';
import type { ListLabelsFilter, TowerLabel } from './types';

/** Sends one `labels` request with these conditions (AND-ed) and `first`. */
type FetchLabelPage = (conditions: Vars[]) => Promise<ParsedLabelRows>;

type ParallelListingOptions = {
  towerId: string;
  pageSize: number;
  /** Chains listed at once (the Tower's requests in flight). */
  maxChains: number;
  onAnomaly?: (text: string) => void;
};

/**
 * Lists the labels of `filter.keys` as one keyset chain per key, up to `maxChains` chains at
 * once: a label has one key, so the chains are disjoint and together list what one chain over
 * `key_in: keys` would, in about 1/keys of its time. Each chain keeps its keyset safety; pages
 * arrive in each chain's order, interleaved between chains.
 */
export function listLabelsInChains(
  fetchPage: FetchLabelPage,
  filter: ListLabelsFilter,
  options: ParallelListingOptions,
): AsyncGenerator<TowerLabel[]> {
  const keys = [...new Set(filter.keys)];
  const chains = keys.map(
    key => () =>
      keysetChain(fetchPage, {
        towerId: options.towerId,
        key,
        pageSize: options.pageSize,
        onAnomaly: options.onAnomaly,
      }),
  );
  return mergeChains(chains, options.maxChains);
}

type KeysetChainOptions = {
  towerId: string;
  /** The chain lists labels of exactly this key. */
  key: string;
  /** Rows asked per page (`first`). */
  pageSize: number;
  /** Called with a description of a page's anomalies (rows ignored). */
  onAnomaly?: (text: string) => void;
};

/** Rows of another key than the chain's: a misbehaving filter, they would be listed twice. */
function splitForeign(rows: TowerLabel[], key: string) {
  const own = rows.filter(r => r.key === key);
  return { own, foreign: rows.length - own.length };
}

/**
 * One chain of dependent keyset requests over the labels of one key: each page asks for ids
 * above the previous page's largest id. A full page that does not move the cursor stops the
 * chain with an error (it would repeat forever); rows repeated, out of range or of another
 * key are dropped and reported.
 */
export async function* keysetChain(
  fetchPage: FetchLabelPage,
  options: KeysetChainOptions,
): AsyncGenerator<TowerLabel[]> {
  const { key, pageSize: first } = options;
  const state: KeysetState = { seen: new Set() };
  for (;;) {
    const conditions: Vars[] = [{ key_in: [key] }];
    if (state.cursor !== undefined) conditions.push({ id_gt: state.cursor });
    const parsed = await fetchPage(conditions);
    const { own, foreign } = splitForeign(parsed.labels, key);
    const page = acceptPage(state, own);
    const ignored = page.dropped + foreign;
    if (parsed.malformed > 0 || ignored > 0 || parsed.received > first) {
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
   * current page's ids saves a 100k-entry set (and its hashing) on large Towers.
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
