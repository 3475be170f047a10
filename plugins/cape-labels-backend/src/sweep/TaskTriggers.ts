import type {
  LoggerService,
  SchedulerService,
} from '@backstage/backend-plugin-api';
import {
  ConflictError,
  isErrorWithName,
  stringifyError,
} from '@backstage/errors';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestsStore } from '../database/RunStore';

// Starting a task through the scheduler's trigger keeps its lease the only exclusivity. The
// trigger fails with a ConflictError while a replica (this one too, until the scheduler released
// it) holds the lease, so it is retried within a patience while the start is still wanted.

type Patience = { patienceMs: number; retryMs: number };

/** How long a request waits for a task that holds its lease without a run before it gives up. */
const REQUEST_PATIENCE: Patience = { patienceMs: 5_000, retryMs: 100 };
/** How long a restart tries while some replica holds the lease: after that the start is that replica's. */
const RESTART_PATIENCE: Patience = { patienceMs: 10_000, retryMs: 250 };

/** Asks `wanted` before each retry (an unwanted start would preview); throws all but a held lease. */
async function triggerWhileWanted(
  scheduler: Pick<SchedulerService, 'triggerTask'>,
  taskId: string,
  wanted: () => Promise<boolean>,
  { patienceMs, retryMs }: Patience,
): Promise<'triggered' | 'unwanted' | 'busy'> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    try {
      await scheduler.triggerTask(taskId);
      return 'triggered';
    } catch (error) {
      if (!isErrorWithName(error, 'ConflictError')) throw error;
    }
    if (Date.now() >= deadline) return 'busy';
    await sleep(retryMs);
    if (!(await wanted())) return 'unwanted';
  }
}

type TriggerContext = {
  scheduler: Pick<SchedulerService, 'triggerTask'>;
  store: Pick<RequestsStore, 'nextRequest' | 'cancelRequest'>;
};

/**
 * Resolves once the stored request will run. The scheduler answers ConflictError also while no run
 * is recorded (the task is starting or finishing, and takes pending requests either way), so a
 * busy task is waited for; only one still busy after the patience cancels the request (409).
 */
export async function triggerRequest(
  ctx: TriggerContext,
  taskId: string,
  towerId: string,
  requestId: string,
): Promise<void> {
  const answer = await triggerWhileWanted(
    ctx.scheduler,
    taskId,
    async () => (await ctx.store.nextRequest(towerId)) !== undefined,
    REQUEST_PATIENCE,
  ).catch(async failure => {
    // The lease holder may have taken the request already: then it runs, and 202 is the truth.
    if (await ctx.store.cancelRequest(requestId)) throw failure;
    return 'taken' as const;
  });
  if (answer === 'busy' && (await ctx.store.cancelRequest(requestId)))
    throw new ConflictError(`Tower '${towerId}' is already sweeping`);
}

type TaskRestartsOptions = Pick<TriggerContext, 'scheduler'> & {
  logger: LoggerService;
};

export class TaskRestarts {
  /** One pending restart per task, the earliest asked: the start it makes asks again if need be. */
  private readonly timers = new Map<
    string,
    { at: number; timer: NodeJS.Timeout }
  >();
  private stopped = false;

  constructor(private readonly options: TaskRestartsOptions) {}

  restartAt(taskId: string, at: Date, owed: () => Promise<boolean>): void {
    if (this.stopped) return;
    const pending = this.timers.get(taskId);
    if (pending && pending.at <= at.getTime()) return;
    if (pending) clearTimeout(pending.timer);
    const timer = setTimeout(
      () => {
        this.timers.delete(taskId);
        this.restart(taskId, owed).catch(error =>
          this.options.logger.warn(
            `Could not start task ${taskId} again: ${stringifyError(error)}`,
          ),
        );
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    this.timers.set(taskId, { at: at.getTime(), timer });
  }

  stop(): void {
    this.stopped = true;
    this.timers.forEach(({ timer }) => clearTimeout(timer));
    this.timers.clear();
  }

  private async restart(
    taskId: string,
    owed: () => Promise<boolean>,
  ): Promise<void> {
    const wanted = async () => !this.stopped && (await owed());
    if (!(await wanted())) return;
    const { scheduler } = this.options;
    await triggerWhileWanted(scheduler, taskId, wanted, RESTART_PATIENCE);
  }
}
