import type { LoggerService } from '@backstage/backend-plugin-api';
import type {
  RunNote,
  RunNoteCode,
} from '@smartx-cape/plugin-cape-labels-common';
import { describeLogin } from '../cloudtower/login';
import type { TowerLogin } from '../cloudtower/TowerClient';

type Params = Record<string, string | number>;

function note(code: RunNoteCode, message: string, params?: Params): RunNote {
  return params ? { code, params, message } : { code, message };
}

/**
 * Every note the backend writes on a run: its code, the params a frontend words it with, and
 * the English message (the log line, and the fallback where a reader has no words for the code).
 */
export const runNotes = {
  deleteCountMismatch: (p: {
    reported: number;
    requested: number;
    gone: number;
  }) =>
    note(
      'DELETE_COUNT_MISMATCH',
      `deleteManyLabels answered count ${p.reported} for ${p.requested} labels, but ${p.gone} were gone afterwards`,
      p,
    ),
  deleteUnansweredSettled: (p: {
    requested: number;
    gone: number;
    error: string;
  }) =>
    note(
      'DELETE_UNANSWERED_SETTLED',
      `deleteManyLabels for ${p.requested} labels got no usable answer (${p.error}); ${p.gone} were gone after settling and are recorded deleted`,
      p,
    ),
  lateDeletionsCorrected: (p: { count: number; runId: string }) =>
    note(
      'LATE_DELETIONS_CORRECTED',
      `found ${p.count} label(s) deleted by run ${p.runId} after its delete went unanswered: that run's record was corrected`,
      p,
    ),
  lateDeletionsUnrecorded: (p: {
    count: number;
    runId: string;
    labelIds: string;
  }) =>
    note(
      'LATE_DELETIONS_UNRECORDED',
      `found ${p.count} label(s) deleted by run ${p.runId} (no longer in the history) after its delete went unanswered: ${p.labelIds}`,
      p,
    ),
  lateDeletionsRecorded: (p: { count: number; byRunId: string }) =>
    note(
      'LATE_DELETIONS_RECORDED',
      `run ${p.byRunId} found ${p.count} label(s) of this run's unanswered deletes gone on Tower: recorded deleted, counts recomputed`,
      p,
    ),
  recheckFailed: (p: { error: string }) =>
    note(
      'RECHECK_FAILED',
      `could not re-check earlier unanswered deletes (next run tries again): ${p.error}`,
      p,
    ),
  cancelledByScheduler: () =>
    note(
      'CANCELLED_BY_SCHEDULER',
      "stopped by Backstage's scheduler, not by a shutdown: the task was cancelled (its /cancel endpoint), ran past its timeout, or lost its lease",
    ),
  stopped: (p: { by: string }) => note('STOPPED', `stopped by ${p.by}`, p),
  deleteRefusedSplit: (p: {
    requested: number;
    detail: string;
    extraDeletes: number;
    refused: number;
    refusedIds: string;
    deleted: number;
    failed: number;
  }) =>
    note(
      'DELETE_REFUSED_SPLIT',
      `Tower refused deleteManyLabels for ${p.requested} labels (${p.detail}); ` +
        `split in ${p.extraDeletes} more deletes: ${p.refused} refused (${p.refusedIds}), ` +
        `${p.deleted} deleted${p.failed ? `, ${p.failed} left failed` : ''}`,
      p,
    ),
  relationsLackingBuiltIn: (p: { relations: string }) =>
    note(
      'RELATIONS_LACKING_BUILT_IN',
      `Tower's Label lacks built-in relations (not checked): ${p.relations}`,
      p,
    ),
  relationsBeyondBuiltIn: (p: { relations: string }) =>
    note(
      'RELATIONS_BEYOND_BUILT_IN',
      `Tower's Label has relations beyond the built-in list (checked): ${p.relations}`,
      p,
    ),
  relationsReadDirectly: (p: { relations: string }) =>
    note(
      'RELATIONS_READ_DIRECTLY',
      `list fields of Tower's Label without _some/_none filters, read directly in the live check (the delete cannot guard them): ${p.relations}`,
      p,
    ),
  relationsUnclear: (p: { relations: string }) =>
    note(
      'RELATIONS_UNCLEAR',
      `kept relations the probe could not place (their filters fail the check if Tower lacks them): ${p.relations}`,
      p,
    ),
  holderUnreadable: (p: { holder: string; error: string }) =>
    note(
      'HOLDER_UNREADABLE',
      `could not read which labels ${p.holder} name (they hold labels without a relation on Label): no label was deleted on that read (${p.error})`,
      p,
    ),
  heldLabelDeleted: (p: {
    labelId: string;
    key: string;
    value: string;
    holder: string;
  }) =>
    note(
      'HELD_LABEL_DELETED',
      `this run deleted label ${p.key}=${p.value} (${p.labelId}), which ${p.holder} names now: recreate it with this key and value and put it back on that object`,
      p,
    ),
  heldCheckFailed: (p: { error: string }) =>
    note(
      'HELD_CHECK_FAILED',
      `could not read the holders again after the deletes, so no deleted label was checked against them: ${p.error}`,
      p,
    ),
  moreInLog: (p: { count: number }) =>
    note('MORE_NOTES_IN_LOG', `${p.count} more note(s) in the log`, p),
  loginRefusedBackoff: (p: { refusals: number; nextLoginAt: string }) =>
    note(
      'LOGIN_REFUSED_BACKOFF',
      `Tower refused the login, ${p.refusals} in a row: scheduled sweeps try the next login at ${p.nextLoginAt}`,
      p,
    ),
  /** How the run got into Tower; none for a LOCAL user's password login, the usual way. */
  login: (login: TowerLogin): RunNote | undefined => {
    const message = describeLogin(login);
    if (login.method === 'apiKey') return note('LOGIN_API_KEY', message);
    if (login.source === 'LOCAL') return undefined;
    if (login.source === 'AUTHN') {
      return note('LOGIN_LDAP_AUTHN', message, {
        authConfigId: login.authConfigId,
      });
    }
    return note(
      login.reason === 'no-authn-strategies'
        ? 'LOGIN_LDAP_NO_AUTHN_STRATEGIES'
        : 'LOGIN_LDAP_NO_LDAP_CONFIG',
      message,
    );
  },
};

const MAX_NOTES = 20;

/** A run's remarks: each is logged, the first few are kept for the run's record. */
export class RunNotes {
  private readonly kept: RunNote[] = [];
  private dropped = 0;

  constructor(
    private readonly logger: Pick<LoggerService, 'warn'>,
    private readonly prefix: string,
  ) {}

  readonly add = (runNote: RunNote): void => {
    this.logger.warn(`${this.prefix}: ${runNote.message}`);
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
