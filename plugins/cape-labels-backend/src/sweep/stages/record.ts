import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import type { RunStore } from '../../database';
import { countOutcomes } from '../decide';
import { withRetry } from '../retry';
import type { RunState } from './runState';

/**
 * Stage 7, record: the outcomes written (retried on database errors), then counted. Throws
 * when they cannot be written: the run must stop rather than act unrecorded.
 */
export async function recordOutcomes(
  target: { store: Pick<RunStore, 'addOutcomes'>; runId: string },
  state: RunState,
  outcomes: LabelOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await withRetry(() => target.store.addOutcomes(target.runId, outcomes));
  countOutcomes(state.counts, state.keptByReason, outcomes);
}
