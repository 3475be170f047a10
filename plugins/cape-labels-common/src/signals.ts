import type { RunCounts, RunStatus } from './types';

/**
 * The Backstage signals channel on which a Tower's run progress is published
 * (`@backstage/plugin-signals`): one message per progress write and one when the run ends.
 */
export function capeLabelsTowerChannel(towerId: string): string {
  return `cape-labels:tower:${towerId}`;
}

/** A run's progress as published on {@link capeLabelsTowerChannel}. */
export type RunProgressSignal = {
  runId: string;
  towerId: string;
  status: RunStatus;
  counts: RunCounts;
};
