import { toError } from '@backstage/errors';
import {
  emptyRunCounts,
  type KeptReason,
  type LabelOutcome,
  type PluginRunErrorCode,
  type RunCounts,
  type RunError,
  type RunStatus,
} from '@smartx-cape/plugin-cape-labels-common';
import { TowerError } from '../cloudtower/errors';
import type { TowerLabel } from '../cloudtower/TowerClient';
import { applyCap, inUse } from './decide';
import { outcome } from './labelShape';

const MAX_CONSECUTIVE_BATCH_FAILURES = 3;

export type SweepResult = {
  status: Exclude<RunStatus, 'running' | 'lost'>;
  counts: RunCounts;
  keptByReason: Map<KeptReason, number>;
  error?: RunError;
};

/** Shared by a run's batches, in flight side by side. */
export class RunTally {
  readonly counts: RunCounts = emptyRunCounts();
  readonly keptByReason: Map<KeptReason, number> = new Map();
  private reservedNow = 0;
  /** Failed batches in a row; three stop the run (Tower is taken to be down). */
  private failuresInRow = 0;
  private fatalError?: RunError;
  /** The latest batch error: a `partial` run's reason. */
  private batchError?: RunError;

  get reserved(): number {
    return this.reservedNow;
  }

  get fatal(): RunError | undefined {
    return this.fatalError;
  }

  fail(error: RunError): void {
    this.fatalError = error;
  }

  listed(scanned: number, candidates: number): void {
    this.counts.scanned += scanned;
    this.counts.candidates += candidates;
  }

  count(outcomes: LabelOutcome[]): void {
    for (const o of outcomes) {
      this.counts[o.action === 'would-delete' ? 'wouldDelete' : o.action]++;
      // A kept outcome carries a kept reason (`outcome` is only ever called so).
      const reason =
        o.action === 'kept' && (o.reason as KeptReason | undefined);
      if (reason)
        this.keptByReason.set(reason, (this.keptByReason.get(reason) ?? 0) + 1);
    }
  }

  /** Rule 7: what no longer fits under `maxDeletes` is kept `cap`, which makes the run `partial`. */
  reserve(
    orphans: TowerLabel[],
    maxDeletes: number,
  ): { take: TowerLabel[]; kept: LabelOutcome[] } {
    const { take, over } = applyCap(orphans, maxDeletes - this.reservedNow);
    this.reservedNow += take.length;
    return { take, kept: over.map(l => outcome(l, 'kept', 'cap')) };
  }

  /** Rule 7: a batch reserved whole gives back the slots of labels its delete kept in use. */
  release(outcomes: LabelOutcome[]): void {
    this.reservedNow -= outcomes.filter(inUse).length;
  }

  batchSucceeded(): void {
    this.failuresInRow = 0;
  }

  /** `partly`: the batch deleted some labels before it failed, which is no failure in a row. */
  batchFailed(error: unknown, partly = false): void {
    this.batchError = errorOf(error);
    if (!partly) this.failuresInRow++;
  }

  /** After each page: whether the run stops listing (it becomes fatal when Tower seems down). */
  shouldStop(signal: AbortSignal): boolean {
    if (this.fatalError) return true;
    if (this.failuresInRow >= MAX_CONSECUTIVE_BATCH_FAILURES) {
      this.fatalError = {
        message: `stopped after ${this.failuresInRow} failed batches in a row: ${this.batchError?.message}`,
        code: this.batchError?.code,
      };
      return true;
    }
    return signal.aborted;
  }

  result(end: { aborted: boolean; maxDeletes: number }): SweepResult {
    const { counts, keptByReason } = this;
    const ended = (status: SweepResult['status'], error?: RunError) => ({
      status,
      counts,
      keptByReason,
      ...(error ? { error } : {}),
    });
    if (end.aborted) {
      return ended('aborted', {
        message:
          'the sweep was stopped before it finished (timeout or shutdown)',
        code: 'ABORTED' satisfies PluginRunErrorCode,
      });
    }
    if (this.fatalError) return ended('failed', this.fatalError);
    if (counts.failed > 0) return ended('partial', this.batchError);
    if ((keptByReason.get('cap') ?? 0) > 0) {
      return ended('partial', {
        message: `stopped deleting at maxDeletesPerRun (${end.maxDeletes}); the rest wait for the next run`,
        code: 'CAP_REACHED' satisfies PluginRunErrorCode,
        params: { maxDeletesPerRun: end.maxDeletes },
      });
    }
    return ended('succeeded');
  }
}

/** A `TowerError` keeps its code and the params a frontend words it by. */
export function errorOf(error: unknown): RunError {
  if (error instanceof TowerError)
    return { message: error.message, code: error.code, params: error.params };
  const { message } = toError(error);
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? { message, code } : { message };
}

/** A run that could not reach the sweep itself (Tower's login, the store). */
export function failedBeforeSweep(
  error: unknown,
  aborted: boolean,
): SweepResult {
  return {
    status: aborted ? 'aborted' : 'failed',
    counts: emptyRunCounts(),
    keptByReason: new Map(),
    error:
      error instanceof TowerError
        ? errorOf(error)
        : {
            message: `sweep failed: ${toError(error).message}`,
            code: 'INTERNAL' satisfies PluginRunErrorCode,
          },
  };
}
