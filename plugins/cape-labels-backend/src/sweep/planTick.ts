import type { RunTrigger } from '@smartx-cape/plugin-cape-labels-common';

/** One sweep to run: who asked, and whether nothing may be deleted. */
export type SweepWork = {
  trigger: RunTrigger;
  requestedBy?: string;
  /** Asked for a dry run; a Tower configured `dryRun` is always dry. */
  dryRun: boolean;
};

/**
 * What one start of the Tower's task runs, in order.
 *
 * - due by the schedule: the scheduled sweep, on time, then the pending request if any (a
 *   pending preview must not take the scheduled sweep's place);
 * - not due, a permitted request pending: that request;
 * - not due, nothing pending: someone triggered the task through the scheduler's own endpoint,
 *   which checks no permission of ours, so it only previews (`external`, nothing deleted).
 */
export function planTick(input: {
  due: boolean;
  request: SweepWork | undefined;
}): SweepWork[] {
  const { due, request } = input;
  if (due) {
    const scheduled: SweepWork = { trigger: 'schedule', dryRun: false };
    return request ? [scheduled, request] : [scheduled];
  }
  if (request) return [request];
  return [{ trigger: 'external', dryRun: true }];
}
