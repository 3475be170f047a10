import type {
  KeptReason,
  LabelOutcome,
  OutcomeReason,
  RunCounts,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerLabel } from '../cloudtower/TowerClient';
import type { PendingBatchId } from '../database';
import { recordedId, recordedTime } from './labelShape';
import { withRetry } from './retry';
import type { RunContext } from './runContext';
import type { KeptTally } from './sweepResult';

/**
 * U+0000 cannot be stored in PostgreSQL text: one such label would make every outcome write of
 * its batch fail (after Tower acted). It is recorded as U+FFFD; the label id stays exact.
 */
function storable(text: string): string {
  return text.includes('\u0000') ? text.split('\u0000').join('\uFFFD') : text;
}

/** What an outcome says beside its reason: the relation that held it, or the words why. */
type OutcomeNotes = Pick<LabelOutcome, 'relation' | 'detail'>;

/**
 * A label's outcome as the run records it. A malformed id or creation time is recorded made safe
 * (`labelShape.ts`): such a label is only ever kept, so nothing looks it up by its exact id.
 */
export function outcome(
  label: TowerLabel,
  action: LabelOutcome['action'],
  reason?: OutcomeReason,
  notes: OutcomeNotes = {},
): LabelOutcome {
  return {
    labelId: recordedId(label.id),
    key: storable(label.key),
    value: label.value === null ? null : storable(label.value),
    createdAt: recordedTime(label.createdAt),
    action,
    ...(reason ? { reason } : {}),
    ...(notes.relation ? { relation: notes.relation } : {}),
    ...(notes.detail ? { detail: notes.detail } : {}),
  };
}

/**
 * Adds outcomes to the run's counts and its kept-by-reason tally
 * (`scanned` and `candidates` are counted by the caller).
 */
export function countOutcomes(
  counts: RunCounts,
  kept: KeptTally,
  outcomes: LabelOutcome[],
): void {
  for (const o of outcomes) {
    if (o.action === 'deleted') counts.deleted++;
    else if (o.action === 'would-delete') counts.wouldDelete++;
    else if (o.action === 'failed') counts.failed++;
    else if (o.action === 'kept') {
      counts.kept++;
      // A kept outcome carries a kept reason (`outcome` is only ever called so).
      const reason = o.reason as KeptReason | undefined;
      if (reason) kept.set(reason, (kept.get(reason) ?? 0) + 1);
    }
  }
}

/**
 * Record: the outcomes written (retried on database errors) with the guarded delete's
 * write-ahead record they settle, if any, then counted. Throws when they cannot be written: the
 * run must stop rather than act unrecorded.
 */
export async function recordOutcomes(
  run: RunContext,
  outcomes: LabelOutcome[],
  settles?: PendingBatchId,
): Promise<void> {
  if (outcomes.length === 0) return;
  await withRetry(() => run.store.addOutcomes(run.runId, outcomes, settles));
  countOutcomes(run.state.counts, run.state.keptByReason, outcomes);
}
