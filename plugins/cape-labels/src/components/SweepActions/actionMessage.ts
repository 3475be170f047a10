import type { SweepRequestResult } from '../../hooks';

/** A short line under the buttons saying how a request went. */
export type ActionMessage = {
  kind: 'info' | 'warning' | 'danger';
  text: string;
};

/** The message for a request's result (`dryRun`: it was a preview). */
export function actionMessage(
  result: SweepRequestResult,
  dryRun: boolean,
): ActionMessage {
  switch (result.kind) {
    case 'accepted':
      return {
        kind: 'info',
        text: dryRun ? 'Preview requested' : 'Sweep requested',
      };
    case 'already-running':
      return { kind: 'warning', text: 'already running' };
    default:
      return { kind: 'danger', text: `Request failed: ${result.message}` };
  }
}
