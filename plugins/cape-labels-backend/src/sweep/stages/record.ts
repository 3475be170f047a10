import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import type { PendingBatchId, RunStore } from '../../database';
import { countOutcomes } from '../decide';
import { withRetry } from '../retry';
import type { RunState } from './runState';

/**
 * Stage 7, record: the outcomes written (retried on database errors) with the guarded delete's
 * write-ahead record they settle, if any, then counted. Throws when they cannot be written: the
 * run must stop rather than act unrecorded.
 */
export async function recordOutcomes(
  target: { store: Pick<RunStore, 'addOutcomes'>; runId: string },
  state: RunState,
  outcomes: LabelOutcome[],
  settles?: PendingBatchId,
): Promise<void> {
  if (outcomes.length === 0) return;
  await withRetry(() =>
    target.store.addOutcomes(target.runId, outcomes, settles),
  );
  countOutcomes(state.counts, state.keptByReason, outcomes);
}
