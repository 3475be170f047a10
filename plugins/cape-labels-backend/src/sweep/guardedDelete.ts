import { toError } from '@backstage/errors';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  isTowerError,
  TowerHttpError,
  TowerResponseError,
  TowerTimeoutError,
  TowerUnreachableError,
} from '../cloudtower/errors';
import { neverSent } from '../cloudtower/networkErrors';
import type { TowerLabel } from '../cloudtower/types';
import type { PendingBatchId } from '../database';
import type { SweepPolicy } from './decide';
import { outcome } from './record';
import { withRetry } from './retry';
import type { RunContext } from './runContext';
import { runNotes } from './runNotes';

/** Survivor reads spread over the settle window after a delete without a usable answer. */
const SETTLE_READS = 3;

/**
 * A delete without a usable answer — timeout, reset, 5xx, malformed answer — may have been
 * committed by Tower, now or a moment later. An answer Tower gave (GraphQL errors, 4xx, auth)
 * and a connection never made are not ambiguous.
 */
function isAmbiguous(error: unknown): boolean {
  if (!isTowerError(error)) return true;
  if (error instanceof TowerTimeoutError) return true;
  if (error instanceof TowerResponseError) return true;
  if (error instanceof TowerHttpError) return error.status >= 500;
  if (error instanceof TowerUnreachableError) return !neverSent(error.code);
  return false;
}

type GuardedDeleteResult = {
  outcomes: LabelOutcome[];
  /** The delete's write-ahead record, which recording `outcomes` settles. */
  pending?: PendingBatchId;
  /** The delete's error, when it had one. */
  error?: unknown;
};

async function readSurvivors(
  run: RunContext,
  ids: string[],
): Promise<Set<string>> {
  // A read is safe to repeat, and without it the batch's outcome would be unknown.
  return new Set(
    await withRetry(() => run.client.readExistingIds(ids), 3, 250),
  );
}

/**
 * What is left of the batch: nothing when Tower answered that it deleted every id (the survivor
 * read would only confirm it); else read — after a settle window when the answer was lost.
 */
async function survivorsAfter(
  run: RunContext,
  ids: string[],
  reported: number | undefined,
  ambiguous: boolean,
): Promise<Set<string>> {
  if (reported === ids.length) return new Set();
  return ambiguous ? settle(run, ids) : readSurvivors(run, ids);
}

/** Re-reads survivors a few times over the settle window, until none is left. */
async function settle(run: RunContext, ids: string[]): Promise<Set<string>> {
  let survivors = await readSurvivors(run, ids);
  for (let i = 0; i < SETTLE_READS && survivors.size > 0; i++) {
    if (run.signal.aborted) break;
    await sleep(run.settleMs / SETTLE_READS, undefined, {
      signal: run.signal,
    }).catch(() => undefined);
    survivors = await readSurvivors(run, [...survivors]);
  }
  return survivors;
}

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
 * label's outcome. Throws only when the write-ahead record or the survivor read fails.
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
  let reported: number | undefined;
  let error: unknown;
  try {
    reported = await run.client.deleteLabelsGuarded({
      ids,
      keys: [...policy.keys],
      createdBefore: new Date(policy.cutoffMs).toISOString(),
    });
  } catch (e) {
    error = e;
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
