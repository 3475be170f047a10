import type { SweepResult } from './sweepResult';

/** The note on a run the scheduler stopped while the backend kept running. */
export const CANCELLED_NOTE =
  "stopped by Backstage's scheduler, not by a shutdown: the task was cancelled (its /cancel endpoint), ran past its timeout, or lost its lease";

/**
 * Whether a run ended `aborted` because the scheduler aborted its task (the `/cancel` endpoint,
 * which any signed-in user may call, the task's timeout, a lost lease) rather than because this
 * backend is shutting down: such a run gets `CANCELLED_NOTE` and an auditor event.
 */
export function cancelledByScheduler(
  result: Pick<SweepResult, 'status'>,
  signal: AbortSignal,
  shuttingDown: boolean,
): boolean {
  return result.status === 'aborted' && signal.aborted && !shuttingDown;
}
