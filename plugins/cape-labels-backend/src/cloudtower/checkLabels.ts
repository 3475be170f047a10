import {
  counter,
  isObj,
  nonEmptyString,
  rowsOf,
  ShapeError,
} from './operations';
import type { LabelLiveState } from './types';

/*
 * The live check (rule 4): its document, its variables and its answer. The document is the one
 * the client builds rather than holds as a constant: it depends on how many relations the run
 * checks, never on their names, which travel as variables.
 */

/**
 * The live check of one batch over `relationCount` relations (rule 4): each label's live counter,
 * and per relation an aliased `labels` read of the ids it references. Relation `i` answers as
 * `r<i>`, its filter (`{<relation>_some: {}}`) in the variable `$r<i>`, the ids once in `$ids`:
 * the document depends on the count alone, so no name Tower sent ever enters it.
 */
export function checkLabelsDocument(relationCount: number): string {
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
  return `query CapeLabelsCheck($ids: [ID!]${declarations}) {
  labels(where: { id_in: $ids }) { id total_num }${reads}
}`;
}

/** The variables of `checkLabelsDocument(relations.length)`. */
export function checkLabelsVariables(
  ids: string[],
  relations: readonly string[],
): Record<string, unknown> {
  const variables: Record<string, unknown> = { ids };
  relations.forEach((r, i) => {
    variables[`r${i}`] = { [`${r}_some`]: {} };
  });
  return variables;
}

/**
 * The ids each relation references. A relation whose answer is missing or not a list is taken to
 * reference every requested id, so those labels are kept.
 */
function referencesByRelation(
  data: unknown,
  requested: ReadonlySet<string>,
  relations: readonly string[],
): Map<string, ReadonlySet<string>> {
  const answer = isObj(data) ? data : {};
  const byRelation = new Map<string, ReadonlySet<string>>();
  for (const [i, relation] of relations.entries()) {
    const rows = answer[`r${i}`];
    if (!Array.isArray(rows)) {
      byRelation.set(relation, requested);
      continue;
    }
    const ids = new Set<string>();
    for (const row of rows) {
      if (isObj(row) && nonEmptyString(row.id)) ids.add(row.id);
      else {
        // A row we cannot place: every label of the batch may be the one it meant.
        byRelation.set(relation, requested);
        break;
      }
    }
    if (!byRelation.has(relation)) byRelation.set(relation, ids);
  }
  return byRelation;
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
 * Live state per requested id. A row without an id fails the whole answer (we cannot tell which
 * label it was). Ids Tower returns but we did not ask for are ignored; a duplicated id merges
 * conservatively (the larger counter, unknown over known).
 */
export function parseLiveStates(
  data: unknown,
  requested: ReadonlySet<string>,
  relations: readonly string[],
): LabelLiveState[] {
  const references = referencesByRelation(data, requested, relations);
  const counters = new Map<string, number | null>();
  for (const row of rowsOf(data)) {
    if (!isObj(row) || !nonEmptyString(row.id)) {
      throw new ShapeError('a label row has no id');
    }
    if (!requested.has(row.id)) continue;
    counters.set(row.id, merged(counters.get(row.id), counter(row.total_num)));
  }
  return [...counters].map(([id, totalNum]) => ({
    id,
    totalNum,
    referencedBy: relations.filter(r => references.get(r)!.has(id)),
  }));
}
