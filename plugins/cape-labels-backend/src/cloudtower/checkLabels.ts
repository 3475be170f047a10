import {
  CHECK_LABELS,
  counter,
  isObj,
  nonEmptyString,
  rowsOf,
} from './operations';
import { ShapeError } from './errors';
import { GRAPHQL_NAME } from './relations';
import type { LabelLiveState, UnfilteredField } from './types';

/*
 * The live check (rule 4) in two reads. `CHECK_LABELS` (one request per batch) reads each label's
 * live counter and which of the batch's labels anything references: one `OR` over every
 * relation's `_some` filter. Only when it finds some does `referencesDocument` ask, per relation,
 * which of those it holds, to name the relation on the outcome; most batches never need it.
 * Relation names travel as variables only. The one exception: a list field of `Label` without
 * filters (`unfiltered`) is read on each label row, so its name (a checked GraphQL name) enters
 * the check's document.
 */

/**
 * CHECK_LABELS, with each unfiltered list field read on the label rows as `d<i>` (one element
 * is enough to tell a referenced label).
 */
export function checkDocument(unfiltered: readonly UnfilteredField[]): string {
  if (unfiltered.length === 0) return CHECK_LABELS;
  const reads = unfiltered.map(({ name, paged }, i) => {
    if (!GRAPHQL_NAME.test(name))
      throw new TypeError(`not a GraphQL name: ${JSON.stringify(name)}`);
    return `\n      d${i}: ${name}${paged ? '(first: 1)' : ''} { __typename }`;
  });
  return CHECK_LABELS.replace(/total_num\n/, `total_num${reads.join('')}\n`);
}

/** The variable `$referenced` of CHECK_LABELS: a label any relation references matches one of them. */
export function anyReference(
  relations: readonly string[],
): Array<Record<string, object>> {
  return relations.map(r => ({ [`${r}_some`]: {} }));
}

/**
 * Which relation holds which of `referencesDocument`'s ids: relation `i` answers as `r<i>`, its
 * filter in `$r<i>`. The document depends on the relation count alone.
 */
export function referencesDocument(relationCount: number): string {
  if (!Number.isInteger(relationCount) || relationCount < 0)
    throw new TypeError(`relationCount must be a count, got ${relationCount}`);
  const indexes = Array.from({ length: relationCount }, (_, i) => i);
  const declarations = indexes.map(i => `, $r${i}: LabelWhereInput!`).join('');
  const reads = indexes
    .map(
      i =>
        `\n  r${i}: labels(where: { AND: [{ id_in: $ids }, $r${i}] }) { id }`,
    )
    .join('');
  return `query CapeLabelsCheckReferences($ids: [ID!]${declarations}) {${reads}
}`;
}

/** The variables of `referencesDocument(relations.length)`. */
export function referencesVariables(
  ids: string[],
  relations: readonly string[],
): Record<string, unknown> {
  const variables: Record<string, unknown> = { ids };
  anyReference(relations).forEach((filter, i) => {
    variables[`r${i}`] = filter;
  });
  return variables;
}

/**
 * The requested ids a list of label rows names; when the list is missing, not a list or holds a
 * row we cannot place, every requested id (so those labels are kept).
 */
function idsIn(
  rows: unknown,
  requested: ReadonlySet<string>,
): ReadonlySet<string> {
  if (!Array.isArray(rows)) return requested;
  const ids = new Set<string>();
  for (const row of rows) {
    if (!isObj(row) || !nonEmptyString(row.id)) return requested;
    if (requested.has(row.id)) ids.add(row.id);
  }
  return ids;
}

/** A duplicated row's counters: the larger, and unknown over known. */
function merged(
  prev: number | null | undefined,
  next: number | null,
): number | null {
  if (prev === undefined) return next;
  if (prev === null || next === null) return null;
  return Math.max(prev, next);
}

/**
 * CHECK_LABELS's answer: each label's live counter, which of them anything references, and the
 * unfiltered list fields that hold each.
 */
type CheckAnswer = {
  counters: Map<string, number | null>;
  referenced: ReadonlySet<string>;
  heldDirectly: Map<string, Set<string>>;
};

/**
 * The unfiltered fields a label row shows holding it: a non-empty list, or anything but an
 * empty list (an answer we cannot read keeps the label).
 */
function fieldsHolding(
  row: Record<string, unknown>,
  unfiltered: readonly UnfilteredField[],
): string[] {
  return unfiltered
    .filter((_, i) => {
      const value = row[`d${i}`];
      return !(Array.isArray(value) && value.length === 0);
    })
    .map(f => f.name);
}

/**
 * A row without an id fails the whole answer (we cannot tell which label it was). Ids Tower
 * returns but we did not ask for are ignored; a duplicated id merges conservatively.
 */
export function parseCheck(
  data: unknown,
  requested: ReadonlySet<string>,
  unfiltered: readonly UnfilteredField[] = [],
): CheckAnswer {
  const counters = new Map<string, number | null>();
  const heldDirectly = new Map<string, Set<string>>();
  for (const row of rowsOf(data)) {
    if (!isObj(row) || !nonEmptyString(row.id)) {
      throw new ShapeError('a label row has no id');
    }
    if (!requested.has(row.id)) continue;
    counters.set(row.id, merged(counters.get(row.id), counter(row.total_num)));
    const holding = fieldsHolding(row, unfiltered);
    if (holding.length)
      heldDirectly.set(
        row.id,
        new Set([...(heldDirectly.get(row.id) ?? []), ...holding]),
      );
  }
  const referenced = idsIn(
    isObj(data) ? data.referenced : undefined,
    requested,
  );
  return { counters, referenced, heldDirectly };
}

/** `referencesDocument`'s answer: the ids each relation holds (all of them when it did not say). */
export function parseReferences(
  data: unknown,
  requested: ReadonlySet<string>,
  relations: readonly string[],
): Map<string, ReadonlySet<string>> {
  const answer = isObj(data) ? data : {};
  return new Map(
    relations.map((r, i) => [r, idsIn(answer[`r${i}`], requested)]),
  );
}

/**
 * Each label still there, with its counter and what references it. A label either read says is
 * referenced is: the relations name it where the second read found it, then the unfiltered fields
 * that hold it.
 */
export function liveStates(
  check: CheckAnswer,
  references: ReadonlyMap<string, ReadonlySet<string>>,
): LabelLiveState[] {
  const byRelation = [...references];
  return [...check.counters].map(([id, totalNum]) => {
    const referencedBy = [
      ...byRelation
        .filter(([, ids]) => ids.has(id))
        .map(([relation]) => relation),
      ...(check.heldDirectly.get(id) ?? []),
    ];
    return {
      id,
      totalNum,
      referenced: check.referenced.has(id) || referencedBy.length > 0,
      referencedBy,
    };
  });
}
