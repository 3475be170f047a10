import type { StopResult, SweepRequestResult } from '../../hooks';
import type { CapeLabelsT } from '../../translation';

/** A short line under the buttons saying how a request went. */
export type ActionMessage = {
  kind: 'info' | 'warning' | 'danger';
  text: string;
};

/** A request the backend refused or that did not reach it. */
function failedMessage(message: string, t: CapeLabelsT): ActionMessage {
  return { kind: 'danger', text: t('sweep.requestFailed', { message }) };
}

/** The message for a request's result (`dryRun`: it was a preview). */
export function actionMessage(
  result: SweepRequestResult,
  dryRun: boolean,
  t: CapeLabelsT,
): ActionMessage {
  switch (result.kind) {
    case 'accepted':
      return {
        kind: 'info',
        text: dryRun ? t('sweep.previewRequested') : t('sweep.sweepRequested'),
      };
    case 'already-running':
      return { kind: 'warning', text: t('sweep.alreadyRunning') };
    default:
      return failedMessage(result.message, t);
  }
}

/** The message for a stop request's result. */
export function stopMessage(result: StopResult, t: CapeLabelsT): ActionMessage {
  switch (result.kind) {
    case 'accepted':
      return { kind: 'info', text: t('sweep.stopRequested') };
    case 'not-running':
      return { kind: 'warning', text: t('sweep.notRunning') };
    default:
      return failedMessage(result.message, t);
  }
}
