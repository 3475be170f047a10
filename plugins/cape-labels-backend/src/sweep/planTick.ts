import type { RunTrigger } from '@smartx-cape/plugin-cape-labels-common';

/** One sweep to run: who asked, and whether nothing may be deleted. */
export type SweepWork = {
  trigger: RunTrigger;
  requestedBy?: string;
  /** Asked for a dry run; a Tower configured `dryRun` is always dry. */
  dryRun: boolean;
};

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
  requests: SweepWork[];
}): SweepWork[] {
  const { due, requests } = input;
  if (due) return [{ trigger: 'schedule', dryRun: false }, ...requests];
  if (requests.length) return requests;
  return [{ trigger: 'external', dryRun: true }];
}
