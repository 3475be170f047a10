import type { RunStore } from '../../database';
import type { RunState } from './runState';

const PROGRESS_INTERVAL_MS = 1000;
/** Consecutive failed batches after which the Tower is taken to be down and the run stops. */
const MAX_CONSECUTIVE_BATCH_FAILURES = 3;

/**
 * The run's counts for the card, at most once a second. A courtesy: a failed write is not
 * worth stopping for, and only a write that succeeded is announced (`onWritten`).
 */
export async function writeProgress(
  target: { store: Pick<RunStore, 'updateRunCounts'>; runId: string },
  state: RunState,
  onWritten?: () => void,
): Promise<void> {
  if (Date.now() - state.lastProgressMs < PROGRESS_INTERVAL_MS) return;
  state.lastProgressMs = Date.now();
  await target.store.updateRunCounts(target.runId, { ...state.counts }).then(
    () => onWritten?.(),
    () => undefined,
  );
}

/** After each page: whether the run stops listing (it sets `fatal` when Tower seems down). */
export function shouldStop(state: RunState, signal: AbortSignal): boolean {
  if (state.fatal) return true;
  if (state.consecutiveFailures >= MAX_CONSECUTIVE_BATCH_FAILURES) {
    state.fatal = {
      message: `stopped after ${state.consecutiveFailures} failed batches in a row: ${state.lastBatchError?.message}`,
      code: state.lastBatchError?.code,
    };
    return true;
  }
  return signal.aborted;
}
