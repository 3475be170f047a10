import { compileLabelWhere, WhereInput } from './filter';
import { counterValue, LabelRecord, mergeOrdered, Store } from '../world';
import {
  applyWindow,
  cursorPosition,
  orderComparator,
  ListArgs,
  Window,
} from './window';

interface Plan {
  ids?: string[]; // exact candidate ids (from id / id_in)
  keys?: string[]; // candidate keys (from key / key_in)
  lower?: string; // id > lower
  upper?: string; // id < upper
}

function conjuncts(
  where: WhereInput | null | undefined,
  out: WhereInput[] = [],
): WhereInput[] {
  if (!where) return out;
  out.push(where);
  const and = where.AND;
  if (Array.isArray(and)) for (const w of and) conjuncts(w as WhereInput, out);
  else if (and && typeof and === 'object') conjuncts(and as WhereInput, out);
  return out;
}

function intersect(a: string[] | undefined, b: string[]): string[] {
  if (!a) return b;
  const set = new Set(b);
  return a.filter(x => set.has(x));
}

/** Index use: id / id_in, key / key_in and id_gt / id_lt of the top-level conjunction. */
function plan(where: WhereInput | null | undefined): Plan {
  const p: Plan = {};
  for (const w of conjuncts(where)) {
    if (typeof w.id === 'string') p.ids = intersect(p.ids, [w.id]);
    if (Array.isArray(w.id_in)) p.ids = intersect(p.ids, w.id_in as string[]);
    if (typeof w.key === 'string') p.keys = intersect(p.keys, [w.key]);
    if (Array.isArray(w.key_in))
      p.keys = intersect(p.keys, w.key_in as string[]);
    if (
      typeof w.id_gt === 'string' &&
      (p.lower === undefined || w.id_gt > p.lower)
    )
      p.lower = w.id_gt;
    if (
      typeof w.id_lt === 'string' &&
      (p.upper === undefined || w.id_lt < p.upper)
    )
      p.upper = w.id_lt;
  }
  return p;
}

/** Candidate ids in id order (ascending or descending) within (lower, upper). */
function* candidates(
  store: Store,
  p: Plan,
  descending: boolean,
): Generator<string> {
  const inRange = (id: string) =>
    (p.lower === undefined || id > p.lower) &&
    (p.upper === undefined || id < p.upper);
  if (p.ids) {
    const ids = [...new Set(p.ids)]
      .filter(id => inRange(id) && store.labels.has(id))
      .sort();
    if (descending) ids.reverse();
    yield* ids;
    return;
  }
  if (p.keys) {
    const streams = [...new Set(p.keys)]
      .map(k => store.keyIndex(k))
      .filter(idx => idx !== undefined)
      .map(idx =>
        descending
          ? idx.descending(p.lower, p.upper)
          : idx.ascending(p.lower, p.upper),
      );
    yield* mergeOrdered(streams, descending);
    return;
  }
  yield* descending
    ? store.labelIds.descending(p.lower, p.upper)
    : store.labelIds.ascending(p.lower, p.upper);
}

function labelValue(l: LabelRecord, field: string): string | number | null {
  if (field.endsWith('_num')) return counterValue(l, field);
  return (
    (l as unknown as Record<string, string | number | null>)[field] ?? null
  );
}

/** All labels matching `where`, ordered by `orderBy`. */
function matchingLabels(store: Store, args: ListArgs, p: Plan) {
  const order = orderComparator<LabelRecord>(args.orderBy, labelValue);
  const pred = compileLabelWhere(store, args.where);
  const rows: LabelRecord[] = [];
  for (const id of candidates(
    store,
    p,
    order.field === 'id' && order.descending,
  )) {
    const l = store.labels.get(id)!;
    if (pred(l)) rows.push(l);
  }
  if (order.field !== 'id') rows.sort(order.compare);
  return { rows, order };
}

/**
 * The `labels` query. Ordered by id without `last`, it streams from the index position
 * (binary search) and stops after `skip + first` matches: no full scan.
 */
export function listLabels(
  store: Store,
  args: ListArgs,
  overflow = 0,
): LabelRecord[] {
  const p = plan(args.where);
  const order = orderComparator<LabelRecord>(args.orderBy, labelValue);
  if (order.field === 'id' && (args.last === null || args.last === undefined)) {
    if (args.after)
      p[order.descending ? 'upper' : 'lower'] = tighter(
        p,
        order.descending,
        args.after,
        'after',
      );
    if (args.before)
      p[order.descending ? 'lower' : 'upper'] = tighter(
        p,
        order.descending,
        args.before,
        'before',
      );
    const pred = compileLabelWhere(store, args.where);
    let skip = Math.max(0, args.skip ?? 0);
    const limit =
      args.first === null || args.first === undefined
        ? Infinity
        : Math.max(0, args.first) + overflow;
    const out: LabelRecord[] = [];
    if (limit === 0) return out;
    for (const id of candidates(store, p, order.descending)) {
      const l = store.labels.get(id)!;
      if (!pred(l)) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      out.push(l);
      if (out.length >= limit) break;
    }
    return out;
  }
  return connectionWindow(store, args, overflow).items;
}

function tighter(
  p: Plan,
  descending: boolean,
  cursor: string,
  which: 'after' | 'before',
): string {
  const isLower = (which === 'after') !== descending;
  const cur = isLower ? p.lower : p.upper;
  if (cur === undefined) return cursor;
  if (isLower) return cursor > cur ? cursor : cur;
  return cursor < cur ? cursor : cur;
}

/** Page of a `labelsConnection`, plus the total count of matches (ignoring pagination). */
export function connectionWindow(
  store: Store,
  args: ListArgs,
  overflow = 0,
): Window<LabelRecord> & { count: number } {
  const p = plan(args.where);
  const { rows, order } = matchingLabels(store, args, p);
  const position = cursorPosition<LabelRecord>(
    id => store.labels.get(id),
    order.compare,
  );
  const byId = order.field === 'id';
  const win = applyWindow(
    rows,
    args,
    byId ? idPosition(order.descending) : position,
    overflow,
  );
  return { ...win, count: rows.length };
}

/** For id order, cursors that no longer exist are placed by comparison. */
function idPosition(descending: boolean) {
  return (cursor: string, rows: LabelRecord[]) => {
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const before = descending ? rows[mid].id > cursor : rows[mid].id < cursor;
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return { atIndex: lo, afterIndex: rows[lo]?.id === cursor ? lo + 1 : lo };
  };
}

/** Ids of labels matching `where` (index-assisted), for deleteManyLabels. */
export function matchingLabelIds(
  store: Store,
  where: WhereInput | null | undefined,
): string[] {
  const p = plan(where);
  const pred = compileLabelWhere(store, where);
  const out: string[] = [];
  for (const id of candidates(store, p, false)) {
    if (pred(store.labels.get(id)!)) out.push(id);
  }
  return out;
}
