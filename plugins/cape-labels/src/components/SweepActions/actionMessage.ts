import type { StopResult, SweepRequestResult } from '../../hooks';
import type { CapeLabelsT } from '../../translation';

/** A short line under the buttons saying how a request went. */
export type ActionMessage = {
  kind: 'info' | 'warning' | 'danger';
  text: string;
};

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
      return {
        kind: 'danger',
        text: t('sweep.requestFailed', { message: result.message }),
      };
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
      return {
        kind: 'danger',
        text: t('sweep.requestFailed', { message: result.message }),
      };
  }
}
