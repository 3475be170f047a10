import type {
  KeptReason,
  LabelOutcome,
} from '@smartx-cape/plugin-cape-labels-common';
import type { RunRow } from './tables';

/** The counter column of each reason a label is kept for. */
const KEPT_COLUMNS = {
  referenced: 'kept_referenced',
  'count-nonzero': 'kept_count_nonzero',
  young: 'kept_young',
  unconfirmed: 'kept_unconfirmed',
  cap: 'kept_cap',
  raced: 'kept_raced',
  refused: 'kept_refused',
  malformed: 'kept_malformed',
} as const satisfies Record<KeptReason, keyof RunRow>;

type KeepReason = keyof typeof KEPT_COLUMNS;
type KeptColumn = (typeof KEPT_COLUMNS)[KeepReason];

export const KEPT_COUNT_COLUMNS = Object.values(KEPT_COLUMNS);

/**
 * The routine keeps: labels in use or too young, most of a Tower's labels in every run. They are
 * counted on every run but listed per label for the Tower's newest runs only (retention.ts).
 */
export const ROUTINE_REASONS: readonly KeepReason[] = [
  'count-nonzero',
  'young',
];

function isKeepReason(reason: string | undefined): reason is KeepReason {
  return reason !== undefined && Object.hasOwn(KEPT_COLUMNS, reason);
}

/**
 * What outcomes add to the run's counters: the rows it lists (`outcome_rows`) and the kept ones
 * per reason. Added in the transaction that writes them (addToRunCounters).
 */
export function addedCounts(
  outcomes: readonly LabelOutcome[],
): Partial<Record<KeptColumn | 'outcome_rows', number>> {
  const added: Partial<Record<KeptColumn | 'outcome_rows', number>> = {
    outcome_rows: outcomes.length,
  };
  for (const o of outcomes) {
    if (o.action !== 'kept' || !isKeepReason(o.reason)) continue;
    const column = KEPT_COLUMNS[o.reason];
    added[column] = (added[column] ?? 0) + 1;
  }
  return added;
}

/** A run's kept counters as the API shows them: the reasons with at least one label. */
export function keptByReason(
  row: Pick<RunRow, KeptColumn>,
): Partial<Record<KeptReason, number>> {
  const result: Partial<Record<KeptReason, number>> = {};
  for (const [reason, column] of Object.entries(KEPT_COLUMNS)) {
    if (row[column] > 0) result[reason as KeepReason] = row[column];
  }
  return result;
}
