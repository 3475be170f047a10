import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerClient, TowerLabel } from '../../cloudtower/types';
import type { PendingBatchId, RunStore } from '../../database';
import { outcome } from '../decide';
import type { GuardedDeleteContext } from '../guardedDelete';
import { errorOf } from '../sweepResult';
import { capOrphans } from './cap';
import { liveCheck } from './liveCheck';
import { recordOutcomes } from './record';
import { deleteOrPreview } from './remove';
import type { RunState } from './runState';

/** What a candidate batch needs besides its labels. */
export type BatchContext = {
  client: Pick<TowerClient, 'checkLabels'>;
  store: Pick<RunStore, 'addOutcomes'>;
  runId: string;
  state: RunState;
  maxDeletes: number;
  dryRun: boolean;
  deletion: GuardedDeleteContext;
  /** Every batch of labels deleted (the audit trail). */
  onDeleted?: (deleted: LabelOutcome[]) => void;
};

/** A batch's outcomes and the write-ahead record of its guarded delete, if one was sent. */
type Decided = { results: LabelOutcome[]; pending?: PendingBatchId };

/** Stages 4–6 for one batch; a failure fails what has no outcome yet (`failed`/`error`). */
async function decideBatch(
  ctx: BatchContext,
  labels: TowerLabel[],
  unconfirmed: ReadonlySet<string>,
): Promise<Decided> {
  const { state } = ctx;
  const results: LabelOutcome[] = [];
  let pending: PendingBatchId | undefined;
  try {
    const checked = await liveCheck(ctx.client, labels, unconfirmed);
    results.push(...checked.kept);
    const capped = capOrphans(state, checked.orphans, ctx.maxDeletes);
    results.push(...capped.kept);
    const deletion = await deleteOrPreview(
      ctx.deletion,
      capped.take,
      ctx.dryRun,
    );
    results.push(...deletion.outcomes);
    pending = deletion.pending;
    if (deletion.error !== undefined) {
      state.lastBatchError = errorOf(deletion.error);
      if (!deletion.outcomes.some(o => o.action === 'deleted'))
        throw deletion.error;
    }
    state.consecutiveFailures = 0;
  } catch (error) {
    const done = new Set(results.map(r => r.labelId));
    results.push(
      ...labels
        .filter(l => !done.has(l.id))
        .map(l => outcome(l, 'failed', 'error')),
    );
    state.lastBatchError = errorOf(error);
    state.consecutiveFailures++;
  }
  return { results, pending };
}

/**
 * One candidate batch through live check → cap → delete → record. Never throws: a batch
 * failure is counted on the run state, and an outcome write that fails makes the run fatal.
 */
export async function processBatch(
  ctx: BatchContext,
  labels: TowerLabel[],
  unconfirmed: ReadonlySet<string>,
): Promise<void> {
  const { results, pending } = await decideBatch(ctx, labels, unconfirmed);
  try {
    await recordOutcomes(ctx, ctx.state, results, pending);
  } catch (error) {
    // Tower acted but the history could not be written: stop rather than act unrecorded.
    ctx.state.fatal = {
      message: `could not record outcomes: ${errorOf(error).message}`,
      code: 'STORE_FAILED',
    };
    return;
  }
  const deleted = results.filter(r => r.action === 'deleted');
  if (deleted.length) ctx.onDeleted?.(deleted);
}
