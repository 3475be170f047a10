import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';

/** A label sent to deleteManyLabels whose outcome is not known (yet). */
export type PendingDelete = { runId: string; label: LabelOutcome };

/** One guarded delete's write-ahead record, as `writePendingDeletes` returned it. */
export type PendingBatchId = number;

/** The guarded deletes' write-ahead record (rule 5). */
export interface PendingDeletesStore {
  /** Writes the labels of a guarded delete before it is sent. */
  writePendingDeletes(
    towerId: string,
    runId: string,
    labels: LabelOutcome[],
  ): Promise<PendingBatchId>;
  /**
   * The Tower's pending deletes of runs no longer alive (a stopped run still alive settles its
   * own), each (run, label) once, ordered by run and label.
   */
  listPendingDeletes(towerId: string): Promise<PendingDelete[]>;
  /** Forgets pending deletes of a run, whichever guarded delete they were sent by. */
  clearPendingDeletes(runId: string, labelIds: string[]): Promise<void>;
}
