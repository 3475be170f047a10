import type { RunStatus } from './types';

/**
 * The Backstage signals channel on which a Tower's run progress is published
 * (`@backstage/plugin-signals`): one message per progress write and one when the run ends.
 * @public
 */
export function capeLabelsTowerChannel(towerId: string): string {
  return `cape-labels:tower:${towerId}`;
}

/**
 * "This run moved on", as published on {@link capeLabelsTowerChannel}. Signals are broadcast to
 * every signed-in user, so the message carries no results (no counts): the card re-reads them
 * through the API, which checks `cape-labels.read`.
 * @public
 */
export type RunProgressSignal = {
  runId: string;
  towerId: string;
  status: RunStatus;
};
