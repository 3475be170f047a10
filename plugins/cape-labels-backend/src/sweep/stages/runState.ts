import {
  emptyRunCounts,
  type RunCounts,
} from '@smartx-cape/plugin-cape-labels-common';
import type { KeptTally } from '../decide';
import type { RunError } from '../sweepResult';

/** Everything one sweep changes as it goes, in one place: the stages read and update it. */
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
