import { toError } from '@backstage/errors';
import { isAmbiguous } from '../cloudtower/errors';
import type { TowerLabel } from '../cloudtower/TowerClient';
import type { SweepPolicy } from './decide';
import {
  isRefusal,
  sendGuardedDelete,
  survivorsAfter,
  type GuardedDeleteResult,
} from './deleteAttempt';
import { outcome } from './record';
import { RefusedBatch } from './refusedBatch';
import { withRetry } from './retry';
import type { RunContext } from './runContext';
import { runNotes } from './runNotes';

/**
 * Rules 5 and 8: a dry run records `would-delete` and sends nothing; a real run makes one
 * guarded delete of what the cap let through.
 */
export async function deleteOrPreview(
  run: RunContext,
  policy: SweepPolicy,
  take: TowerLabel[],
): Promise<GuardedDeleteResult> {
  if (run.dryRun)
    return { outcomes: take.map(l => outcome(l, 'would-delete')) };
  if (take.length === 0) return { outcomes: [] };
  return deleteGuarded(run, policy, take);
}

/**
 * Rule 5: one guarded `deleteManyLabels`, written ahead, then the survivor read deciding each
 * label's outcome. A delete Tower refuses with a clear answer is split until the labels it
 * refuses are found (`RefusedBatch`); the same write-ahead record covers every part. Throws only
 * when the write-ahead record or the survivor read fails.
 */
export async function deleteGuarded(
  run: RunContext,
  policy: SweepPolicy,
  take: TowerLabel[],
): Promise<GuardedDeleteResult> {
  const ids = take.map(l => l.id);
  const pending = await withRetry(() =>
    run.store.writePendingDeletes(
      run.tower.id,
      run.runId,
      take.map(l => outcome(l, 'deleted')),
    ),
  );
  const { reported, error } = await sendGuardedDelete(run, policy, ids);
  if (isRefusal(error) && !run.signal.aborted) {
    const refused = new RefusedBatch(run, policy, take);
    return { pending, ...(await refused.resolve(error)) };
  }
  const ambiguous = error !== undefined && isAmbiguous(error);
  const survivors = await survivorsAfter(run, ids, reported, ambiguous);
  const gone = ids.length - survivors.size;
  if (reported !== undefined && reported !== gone) {
    run.notes.add(
      runNotes.deleteCountMismatch({
        reported,
        requested: ids.length,
        gone,
      }),
    );
  }
  if (ambiguous && gone > 0) {
    run.notes.add(
      runNotes.deleteUnansweredSettled({
        requested: ids.length,
        gone,
        error: toError(error).message,
      }),
    );
  }
  const failedReason = ambiguous ? 'unanswered' : 'error';
  return {
    error,
    pending,
    outcomes: take.map(l => {
      if (!survivors.has(l.id)) return outcome(l, 'deleted');
      return error !== undefined
        ? outcome(l, 'failed', failedReason)
        : outcome(l, 'kept', 'raced');
    }),
  };
}
