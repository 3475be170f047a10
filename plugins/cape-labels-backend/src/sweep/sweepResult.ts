import { toError } from '@backstage/errors';
import {
  emptyRunCounts,
  type KeptReason,
  type PluginRunErrorCode,
  type RunCounts,
  type RunError,
  type RunStatus,
} from '@smartx-cape/plugin-cape-labels-common';
import { isTowerError, type TowerError } from '../cloudtower/errors';

export type KeptTally = Map<KeptReason, number>;

/** Everything one sweep changes as it goes, in one place: each step reads and updates it. */
export type RunState = {
  counts: RunCounts;
  keptByReason: KeptTally;
  /** Deletions reserved against the cap (rule 7). */
  reserved: number;
  /** Failed batches in a row; three stop the run (Tower is taken to be down). */
  consecutiveFailures: number;
  /** Why the run stopped early, when it did. */
  fatal?: RunError;
  /** The latest batch error: a `partial` run's reason. */
  lastBatchError?: RunError;
  /** When progress was last written (epoch ms). */
  lastProgressMs: number;
};

export function newRunState(): RunState {
  return {
    counts: emptyRunCounts(),
    keptByReason: new Map(),
    reserved: 0,
    consecutiveFailures: 0,
    lastProgressMs: 0,
  };
}

export type SweepResult = {
  status: Exclude<RunStatus, 'running' | 'lost'>;
  counts: RunCounts;
  keptByReason: KeptTally;
  error?: RunError;
};

/**
 * An error as a run records it: its message, and its code when it has one (a `TowerError`'s,
 * with the params a frontend words it by).
 */
export function errorOf(error: unknown): RunError {
  if (isTowerError(error)) return towerRunError(error);
  const { message } = toError(error);
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? { message, code } : { message };
}

/** How a sweep ended, from what it counted and what stopped it. */
export function sweepResult(end: {
  counts: RunCounts;
  keptByReason: KeptTally;
  aborted: boolean;
  fatal?: RunError;
  lastBatchError?: RunError;
  maxDeletes: number;
}): SweepResult {
  const { counts, keptByReason } = end;
  if (end.aborted) {
    return {
      status: 'aborted',
      counts,
      keptByReason,
      error: {
        message:
          'the sweep was stopped before it finished (timeout or shutdown)',
        code: 'ABORTED' satisfies PluginRunErrorCode,
      },
    };
  }
  if (end.fatal)
    return { status: 'failed', counts, keptByReason, error: end.fatal };
  if (counts.failed > 0)
    return {
      status: 'partial',
      counts,
      keptByReason,
      error: end.lastBatchError,
    };
  // Some orphan was kept `cap` (rule 7): the rest wait for the next run.
  if ((keptByReason.get('cap') ?? 0) > 0) {
    return {
      status: 'partial',
      counts,
      keptByReason,
      error: {
        message: `stopped deleting at maxDeletesPerRun (${end.maxDeletes}); the rest wait for the next run`,
        code: 'CAP_REACHED' satisfies PluginRunErrorCode,
        params: { maxDeletesPerRun: end.maxDeletes },
      },
    };
  }
  return { status: 'succeeded', counts, keptByReason };
}

/** A run that could not reach the sweep itself (Tower's login, the store). */
export function failedBeforeSweep(
  error: unknown,
  counts: RunCounts,
  aborted: boolean,
): SweepResult {
  return {
    status: aborted ? 'aborted' : 'failed',
    counts,
    keptByReason: new Map(),
    error: isTowerError(error)
      ? towerRunError(error)
      : {
          message: `sweep failed: ${toError(error).message}`,
          code: 'INTERNAL' satisfies PluginRunErrorCode,
        },
  };
}

/**
 * Whether a run ended `aborted` because the scheduler aborted its task (the `/cancel` endpoint,
 * which any signed-in user may call, the task's timeout, a lost lease) rather than because this
 * backend is shutting down: such a run gets the `CANCELLED_BY_SCHEDULER` note and an auditor event.
 */
export function cancelledByScheduler(
  result: Pick<SweepResult, 'status'>,
  signal: AbortSignal,
  shuttingDown: boolean,
): boolean {
  return result.status === 'aborted' && signal.aborted && !shuttingDown;
}

function towerRunError(error: TowerError): RunError {
  return { message: error.message, code: error.code, params: error.params };
}
