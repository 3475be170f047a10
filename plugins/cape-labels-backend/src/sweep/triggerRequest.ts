import type { SchedulerService } from '@backstage/backend-plugin-api';
import { ConflictError, isErrorWithName } from '@backstage/errors';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RunStore } from '../database';

/** How long a task that holds its lease without a run may keep it before a request gives up. */
const TRIGGER_PATIENCE_MS = 5_000;
const TRIGGER_RETRY_MS = 100;

type TriggerContext = {
  scheduler: Pick<SchedulerService, 'triggerTask'>;
  store: Pick<RunStore, 'hasPendingRequest' | 'cancelRequest'>;
  patienceMs?: number;
  retryMs?: number;
};

/**
 * Asks the scheduler to run the Tower's task now for a stored request; resolves once the request
 * will run. The scheduler answers ConflictError while the task runs on some replica, which is
 * also the case while no run is recorded: the task is starting (it takes pending requests) or
 * finishing a run (it looks for requests once more before it ends). So a busy task is waited
 * for: the request is taken, or a later trigger succeeds because the task has ended. Only a task
 * still busy after the patience cancels the request: a 409, as for a run in progress.
 */
export async function triggerRequest(
  ctx: TriggerContext,
  taskId: string,
  towerId: string,
  requestId: string,
): Promise<void> {
  const deadline = Date.now() + (ctx.patienceMs ?? TRIGGER_PATIENCE_MS);
  for (;;) {
    let failure: unknown;
    try {
      await ctx.scheduler.triggerTask(taskId);
      return;
    } catch (error) {
      failure = error;
    }
    const busy = isErrorWithName(failure, 'ConflictError');
    if (busy && !(await ctx.store.hasPendingRequest(towerId))) return;
    if (!busy || Date.now() >= deadline) {
      // The lease holder may have taken the request already: then it runs, and 202 is the truth.
      if (!(await ctx.store.cancelRequest(requestId))) return;
      throw busy
        ? new ConflictError(`Tower '${towerId}' is already sweeping`)
        : failure;
    }
    await sleep(ctx.retryMs ?? TRIGGER_RETRY_MS);
  }
}
