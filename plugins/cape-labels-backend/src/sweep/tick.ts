import type { LoggerService } from '@backstage/backend-plugin-api';
import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import type { RunStore } from '../database';

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

/**
 * The least time between the start of a Tower's last run and a preview the scheduler's trigger
 * endpoint starts: any signed-in user can call it, and each preview lists the whole Tower.
 */
export const EXTERNAL_START_GAP_MS = 5 * 60_000;

/**
 * Whether a start of the task that neither the schedule nor a request made (the scheduler's
 * trigger endpoint) may run its preview: not within `EXTERNAL_START_GAP_MS` of the Tower's last
 * run start, which is logged and nothing else. Either way the start is logged.
 */
export async function externalPreviewAllowed(deps: {
  towerId: string;
  store: Pick<RunStore, 'lastRuns'>;
  logger: Pick<LoggerService, 'warn'>;
  now: Date;
}): Promise<boolean> {
  const { towerId, store, logger, now } = deps;
  const last = (await store.lastRuns([towerId])).get(towerId);
  const sinceMs = last ? now.getTime() - Date.parse(last.startedAt) : Infinity;
  if (sinceMs < EXTERNAL_START_GAP_MS) {
    logger.warn(
      `Tower ${towerId}: task started while no sweep was due and no request was pending (the scheduler's trigger endpoint?), ${Math.max(0, Math.round(sinceMs / 1000))} s after the last run started: nothing run (at most one such preview per ${EXTERNAL_START_GAP_MS / 60_000} minutes)`,
    );
    return false;
  }
  logger.warn(
    `Tower ${towerId}: task started while no sweep was due and no request was pending (the scheduler's trigger endpoint?): preview only`,
  );
  return true;
}
