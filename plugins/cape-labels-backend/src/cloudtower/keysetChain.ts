import type { Vars } from './connection';
import { TowerResponseError } from './errors';
import { acceptPage, KeysetState } from './keyset';
import type { ParsedLabelRows } from './operations';
import type { TowerLabel } from './types';

/** Sends one `labels` request with these conditions (AND-ed) and `first`. */
export type FetchLabelPage = (conditions: Vars[]) => Promise<ParsedLabelRows>;

export type KeysetChainOptions = {
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
