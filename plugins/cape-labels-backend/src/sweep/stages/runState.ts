import type { RunCounts } from '@smartx-cape/plugin-cape-labels-common';
import { emptyCounts, type KeptTally } from '../decide';
import type { RunError } from '../sweepResult';

/** Everything one sweep changes as it goes, in one place: the stages read and update it. */
export type RunState = {
  counts: RunCounts;
  keptByReason: KeptTally;
  /** Deletions reserved against the cap (rule 7). */
  reserved: number;
  /** Some orphan was kept `cap`: the run is `partial`. */
  capped: boolean;
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
    counts: emptyCounts(),
    keptByReason: new Map(),
    reserved: 0,
    capped: false,
    consecutiveFailures: 0,
    lastProgressMs: 0,
  };
}
