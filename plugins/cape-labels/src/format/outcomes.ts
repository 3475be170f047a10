import type {
  LabelAction,
  LabelOutcome,
  OutcomeReason,
} from '@smartx-cape/plugin-cape-labels-common';
import type { CapeLabelsT } from '../translation';

const actionKeys = {
  deleted: 'action.deleted',
  'would-delete': 'action.wouldDelete',
  kept: 'action.kept',
  failed: 'action.failed',
} as const satisfies Record<LabelAction, string>;

const reasonKeys = {
  referenced: 'reason.referenced',
  'count-nonzero': 'reason.countNonzero',
  young: 'reason.young',
  unconfirmed: 'reason.unconfirmed',
  cap: 'reason.cap',
  raced: 'reason.raced',
  refused: 'reason.refused',
  malformed: 'reason.malformed',
  error: 'reason.error',
  unanswered: 'reason.unanswered',
} as const satisfies Record<OutcomeReason, string>;

/** An outcome as the UI names it. */
export function actionName(action: LabelAction, t: CapeLabelsT): string {
  return t(actionKeys[action]);
}

/** A reason as the UI names it. */
export function reasonName(reason: OutcomeReason, t: CapeLabelsT): string {
  const key = reasonKeys[reason as keyof typeof reasonKeys];
  // a reason newer than this frontend shows as the backend named it
  return key ? t(key) : reason;
}

/** An outcome's reason, with the relation that held a `referenced` label. */
export function formatReason(outcome: LabelOutcome, t: CapeLabelsT): string {
  if (!outcome.reason) return '';
  const reason = reasonName(outcome.reason, t);
  return outcome.relation
    ? t('reason.withRelation', { reason, relation: outcome.relation })
    : reason;
}
