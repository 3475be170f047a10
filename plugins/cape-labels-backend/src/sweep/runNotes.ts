import type { LoggerService } from '@backstage/backend-plugin-api';
import type {
  RunNote,
  RunNoteCode,
} from '@smartx-cape/plugin-cape-labels-common';

function note<P extends Record<string, string | number>>(
  code: RunNoteCode,
  message: (params: P) => string,
): (params: P) => RunNote {
  return params => ({ code, params, message: message(params) });
}

/**
 * Every note the backend writes on a run but the login's (`loginNote`): its code, the params a
 * frontend words it with, and the English message (the log line, and the fallback for a reader).
 */
export const runNotes = {
  deleteCountMismatch: note(
    'DELETE_COUNT_MISMATCH',
    (p: { reported: number; requested: number; gone: number }) =>
      `deleteManyLabels answered count ${p.reported} for ${p.requested} labels, but ${p.gone} were gone afterwards`,
  ),
  deleteUnansweredSettled: note(
    'DELETE_UNANSWERED_SETTLED',
    (p: { requested: number; gone: number; error: string }) =>
      `deleteManyLabels for ${p.requested} labels got no usable answer (${p.error}); ${p.gone} were gone after settling and are recorded deleted`,
  ),
  lateDeletionsCorrected: note(
    'LATE_DELETIONS_CORRECTED',
    (p: { count: number; runId: string }) =>
      `found ${p.count} label(s) deleted by run ${p.runId} after its delete went unanswered: that run's record was corrected`,
  ),
  lateDeletionsUnrecorded: note(
    'LATE_DELETIONS_UNRECORDED',
    (p: { count: number; runId: string; labelIds: string }) =>
      `found ${p.count} label(s) deleted by run ${p.runId} (no longer in the history) after its delete went unanswered: ${p.labelIds}`,
  ),
  lateDeletionsRecorded: note(
    'LATE_DELETIONS_RECORDED',
    (p: { count: number; byRunId: string }) =>
      `run ${p.byRunId} found ${p.count} label(s) of this run's unanswered deletes gone on Tower: recorded deleted, counts recomputed`,
  ),
  recheckFailed: note(
    'RECHECK_FAILED',
    (p: { error: string }) =>
      `could not re-check earlier unanswered deletes (next run tries again): ${p.error}`,
  ),
  cancelledByScheduler: (): RunNote => ({
    code: 'CANCELLED_BY_SCHEDULER',
    message:
      "stopped by Backstage's scheduler, not by a shutdown: the task was cancelled (its /cancel endpoint), ran past its timeout, or lost its lease",
  }),
  stopped: note('STOPPED', (p: { by: string }) => `stopped by ${p.by}`),
  deleteRefusedSplit: note(
    'DELETE_REFUSED_SPLIT',
    (p: {
      requested: number;
      detail: string;
      extraDeletes: number;
      refused: number;
      refusedIds: string;
      deleted: number;
      failed: number;
    }) =>
      `Tower refused deleteManyLabels for ${p.requested} labels (${p.detail}); ` +
      `split in ${p.extraDeletes} more deletes: ${p.refused} refused (${p.refusedIds}), ` +
      `${p.deleted} deleted${p.failed ? `, ${p.failed} left failed` : ''}`,
  ),
  relationsLackingBuiltIn: note(
    'RELATIONS_LACKING_BUILT_IN',
    (p: { relations: string }) =>
      `Tower's Label lacks built-in relations (not checked): ${p.relations}`,
  ),
  relationsBeyondBuiltIn: note(
    'RELATIONS_BEYOND_BUILT_IN',
    (p: { relations: string }) =>
      `Tower's Label has relations beyond the built-in list (checked): ${p.relations}`,
  ),
  relationsReadDirectly: note(
    'RELATIONS_READ_DIRECTLY',
    (p: { relations: string }) =>
      `list fields of Tower's Label without _some/_none filters, read directly in the live check (the delete cannot guard them): ${p.relations}`,
  ),
  relationsUnclear: note(
    'RELATIONS_UNCLEAR',
    (p: { relations: string }) =>
      `kept relations the probe could not place (their filters fail the check if Tower lacks them): ${p.relations}`,
  ),
  holderUnreadable: note(
    'HOLDER_UNREADABLE',
    (p: { holder: string; error: string }) =>
      `could not read which labels ${p.holder} name (they hold labels without a relation on Label): no label was deleted on that read (${p.error})`,
  ),
  heldLabelDeleted: note(
    'HELD_LABEL_DELETED',
    (p: { labelId: string; key: string; value: string; holder: string }) =>
      `this run deleted label ${p.key}=${p.value} (${p.labelId}), which ${p.holder} names now: recreate it with this key and value and put it back on that object`,
  ),
  heldCheckFailed: note(
    'HELD_CHECK_FAILED',
    (p: { error: string }) =>
      `could not read the holders again after the deletes, so no deleted label was checked against them: ${p.error}`,
  ),
  moreInLog: note(
    'MORE_NOTES_IN_LOG',
    (p: { count: number }) => `${p.count} more note(s) in the log`,
  ),
  loginRefusedBackoff: note(
    'LOGIN_REFUSED_BACKOFF',
    (p: { refusals: number; nextLoginAt: string }) =>
      `Tower refused the login, ${p.refusals} in a row: scheduled sweeps try the next login at ${p.nextLoginAt}`,
  ),
};

const MAX_NOTES = 20;

/** A run's remarks: each is logged, the first few are kept for the run's record. */
export class RunNotes {
  private readonly kept: RunNote[] = [];
  private dropped = 0;

  constructor(
    private readonly logger: Pick<LoggerService, 'warn' | 'error'>,
    private readonly prefix: string,
  ) {}

  readonly add = (runNote: RunNote, level: 'warn' | 'error' = 'warn') => {
    this.logger[level](`${this.prefix}: ${runNote.message}`);
    this.keep(runNote);
  };

  /** Kept on the record only: for what another line of the log has said already. */
  readonly keep = (runNote: RunNote): void => {
    if (this.kept.length < MAX_NOTES) this.kept.push(runNote);
    else this.dropped++;
  };

  list(): RunNote[] {
    return this.dropped
      ? [...this.kept, runNotes.moreInLog({ count: this.dropped })]
      : [...this.kept];
  }
}
