import type {
  RunCounts,
  RunStatus,
} from '@smartx-cape/plugin-cape-labels-common';
import { isTowerError } from '../cloudtower/errors';
import type { KeptTally } from './decide';

export type RunError = { message: string; code?: string };

export type SweepResult = {
  status: Exclude<RunStatus, 'running' | 'lost'>;
  counts: RunCounts;
  keptByReason: KeptTally;
  error?: RunError;
};

export function errorOf(error: unknown): RunError {
  const e = error as { message?: unknown; code?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return typeof e?.code === 'string' ? { message, code: e.code } : { message };
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
        code: 'ABORTED',
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
  // Some orphan was kept `cap`: the rest wait for the next run.
  if ((keptByReason.get('cap') ?? 0) > 0) {
    return {
      status: 'partial',
      counts,
      keptByReason,
      error: {
        message: `stopped deleting at maxDeletesPerRun (${end.maxDeletes}); the rest wait for the next run`,
        code: 'CAP_REACHED',
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
      ? { message: error.message, code: error.code }
      : {
          message: `sweep failed: ${(error as Error).message}`,
          code: 'INTERNAL',
        },
  };
}
