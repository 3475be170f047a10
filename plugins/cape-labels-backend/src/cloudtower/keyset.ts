import type { TowerLabel } from './types';

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

export type AcceptedPage = {
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
