import { SimulatorError } from '../errors';
import type { WhereInput } from './filter';

/** Pagination arguments shared by every list field. */
interface PageArgs {
  first?: number | null;
  skip?: number | null;
  after?: string | null;
  before?: string | null;
  last?: number | null;
}

/** Arguments of every list field: a filter, an order and a page. */
export interface ListArgs extends PageArgs {
  where?: WhereInput | null;
  orderBy?: string | null;
}

export interface Window<T> {
  items: T[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

function checkCount(
  name: string,
  v: number | null | undefined,
): number | undefined {
  if (v === null || v === undefined) return undefined;
  if (v < 0)
    throw new SimulatorError(`${name} must not be negative`, 'INVALID_INPUT');
  return v;
}

/**
 * Applies after/before (cursor = id), skip, first and last to an ordered list (Prisma 1 order:
 * cursors, then skip, then first/last). `positionOf` returns the index of the first row after
 * the cursor row (or -1 if the cursor cannot be placed: the page is empty then).
 */
export function applyWindow<T>(
  rows: T[],
  args: PageArgs,
  positionOf: (
    cursor: string,
    rows: T[],
  ) => { afterIndex: number; atIndex: number },
  overflow = 0,
): Window<T> {
  let start = 0;
  let end = rows.length;
  if (args.after) {
    const p = positionOf(args.after, rows);
    if (p.afterIndex < 0)
      return { items: [], hasNextPage: false, hasPreviousPage: false };
    start = p.afterIndex;
  }
  if (args.before) {
    const p = positionOf(args.before, rows);
    if (p.atIndex < 0)
      return { items: [], hasNextPage: false, hasPreviousPage: false };
    end = Math.min(end, p.atIndex);
  }
  const first = checkCount('first', args.first);
  const last = checkCount('last', args.last);
  const skip = checkCount('skip', args.skip) ?? 0;
  if (last !== undefined && first === undefined)
    end = Math.max(start, end - skip);
  else start = Math.min(end, start + skip);
  if (first !== undefined) end = Math.min(end, start + first + overflow);
  if (last !== undefined) start = Math.max(start, end - last - overflow);
  return {
    items: rows.slice(start, end),
    hasNextPage: end < rows.length,
    hasPreviousPage: start > 0,
  };
}

/** Position of a cursor in a list ordered by `compare`, using the cursor's row if it still exists. */
export function cursorPosition<T extends { id: string }>(
  lookup: (id: string) => T | undefined,
  compare: (a: T, b: T) => number,
) {
  return (cursor: string, rows: T[]) => {
    const row = lookup(cursor);
    if (!row) return { afterIndex: -1, atIndex: -1 };
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(rows[mid], row) < 0) lo = mid + 1;
      else hi = mid;
    }
    const atIndex = lo;
    const afterIndex = rows[lo]?.id === cursor ? lo + 1 : lo;
    return { afterIndex, atIndex };
  };
}

/** Comparator for an `orderBy` enum value such as `createdAt_DESC`; ties broken by id. */
export function orderComparator<T extends { id: string }>(
  orderBy: string | null | undefined,
  value: (row: T, field: string) => string | number | boolean | null,
): { field: string; descending: boolean; compare: (a: T, b: T) => number } {
  const m = /^(.*)_(ASC|DESC)$/.exec(orderBy ?? 'id_ASC');
  if (!m) throw new SimulatorError(`bad orderBy ${orderBy}`, 'INVALID_INPUT');
  const field = m[1];
  const sign = m[2] === 'DESC' ? -1 : 1;
  const compare = (a: T, b: T) => {
    const x = value(a, field);
    const y = value(b, field);
    let c = 0;
    if (x !== y) {
      if (x === null)
        c = -1; // nulls first in ascending order
      else if (y === null) c = 1;
      else c = x < y ? -1 : 1;
    }
    if (c === 0 && field !== 'id' && a.id !== b.id) c = a.id < b.id ? -1 : 1;
    return c * sign;
  };
  return { field, descending: sign < 0, compare };
}

function propertyValue<T>(
  row: T,
  field: string,
): string | number | boolean | null {
  return (
    (row as unknown as Record<string, string | number | boolean | null>)[
      field
    ] ?? null
  );
}

/** Sorts `rows` by `args.orderBy` and applies the page (for the small lists of one label or VM). */
export function sortedWindow<T extends { id: string }>(
  rows: T[],
  args: ListArgs,
  lookup: (id: string) => T | undefined,
  overflow: number,
): Window<T> & { count: number } {
  const order = orderComparator<T>(args.orderBy, propertyValue);
  rows.sort(order.compare);
  const win = applyWindow(
    rows,
    args,
    cursorPosition(lookup, order.compare),
    overflow,
  );
  // Not `{ ...win, count }`: on Node 20 that spread took ~2 µs, and `Label.vms` gets here once per
  // label of an answer.
  return Object.assign(win, { count: rows.length });
}
