import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';

/**
 * One run a start of the task makes: how it was started, who asked, whether it was asked to be
 * dry (a Tower configured `dryRun` is always dry). A taken request (`SweepRequest`) is one;
 * the run records exactly these fields.
 */
export type PlannedRun = Pick<RunSummary, 'trigger' | 'requestedBy' | 'dryRun'>;

/**
 * What one start of the Tower's task runs, in order. `requests` are permitted work waiting:
 * the request taken from the queue, and a request a lost replica left unfinished.
 *
 * - due by the schedule: the scheduled sweep, on time, then the requests (a pending preview
 *   must not take the scheduled sweep's place);
 * - not due, requests waiting: those;
 * - not due, nothing waiting: someone triggered the task through the scheduler's own endpoint,
 *   which checks no permission of ours, so it only previews (`external`, nothing deleted).
 */
export function planTick(input: {
  due: boolean;
  requests: PlannedRun[];
}): PlannedRun[] {
  const { due, requests } = input;
  if (due) return [{ trigger: 'schedule', dryRun: false }, ...requests];
  if (requests.length) return requests;
  return [{ trigger: 'external', dryRun: true }];
}
