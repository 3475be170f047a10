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
import type { RequestsStore } from '../database/RequestsStore';

/*
 * Starting a Tower's task now, through the scheduler's trigger, so that whichever replica claims
 * it runs it and the scheduler's lease stays the only exclusivity. The trigger fails with a
 * ConflictError while some replica holds the lease: it is retried, within a patience, while the
 * start is still wanted.
 */

/** How long a request waits for a task that holds its lease without a run before it gives up. */
const REQUEST_PATIENCE_MS = 5_000;
/** How long a restart tries while some replica holds the lease: after that the start is that replica's. */
const RESTART_PATIENCE_MS = 10_000;
const REQUEST_RETRY_MS = 100;
const RESTART_RETRY_MS = 250;

type Patience = { patienceMs: number; retryMs: number };

/**
 * Triggers `taskId`, and again while a replica holds the lease and `wanted` says the start is
 * still needed, asked before every retry (a start nobody needs would run as a preview):
 * `triggered`, `unwanted`, or `busy` (some replica still held the lease after the patience). Any
 * failure other than a held lease is thrown.
 */
async function triggerWhileWanted(
  scheduler: Pick<SchedulerService, 'triggerTask'>,
  taskId: string,
  wanted: () => Promise<boolean>,
  { patienceMs, retryMs }: Patience,
  stopped: () => boolean = () => false,
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
    if (stopped() || !(await wanted())) return 'unwanted';
  }
}

type TriggerContext = {
  scheduler: Pick<SchedulerService, 'triggerTask'>;
  store: Pick<RequestsStore, 'hasPendingRequest' | 'cancelRequest'>;
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
  let answer: 'triggered' | 'unwanted' | 'busy';
  try {
    answer = await triggerWhileWanted(
      ctx.scheduler,
      taskId,
      () => ctx.store.hasPendingRequest(towerId),
      {
        patienceMs: ctx.patienceMs ?? REQUEST_PATIENCE_MS,
        retryMs: ctx.retryMs ?? REQUEST_RETRY_MS,
      },
    );
  } catch (failure) {
    // The lease holder may have taken the request already: then it runs, and 202 is the truth.
    if (await ctx.store.cancelRequest(requestId)) throw failure;
    return;
  }
  if (answer === 'busy' && (await ctx.store.cancelRequest(requestId)))
    throw new ConflictError(`Tower '${towerId}' is already sweeping`);
}

type TaskRestartsOptions = {
  scheduler: Pick<SchedulerService, 'triggerTask'>;
  logger: LoggerService;
  patienceMs?: number;
  retryMs?: number;
};

/**
 * Starts a task again after it gave its lease back without a run (`TaskOutcome`), at the time
 * asked. Each replica that gives a lease back arranges the next start; a trigger refused because
 * a replica holds the lease (this one, before the scheduler has released it; or another, which
 * then owns the start) is retried within the patience.
 */
export class TaskRestarts {
  /** One pending restart per task, the earliest asked: the start it makes asks again if need be. */
  private readonly timers = new Map<
    string,
    { at: number; timer: NodeJS.Timeout }
  >();
  private stopped = false;

  constructor(private readonly options: TaskRestartsOptions) {}

  /** Triggers `taskId` at `at`, unless by then `owed` says the start is no longer needed. */
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

  /** Backend shutdown: no more restarts from this replica. */
  stop(): void {
    this.stopped = true;
    this.timers.forEach(({ timer }) => clearTimeout(timer));
    this.timers.clear();
  }

  private async restart(
    taskId: string,
    owed: () => Promise<boolean>,
  ): Promise<void> {
    const { scheduler, patienceMs, retryMs } = this.options;
    if (this.stopped || !(await owed())) return;
    await triggerWhileWanted(
      scheduler,
      taskId,
      owed,
      {
        patienceMs: patienceMs ?? RESTART_PATIENCE_MS,
        retryMs: retryMs ?? RESTART_RETRY_MS,
      },
      () => this.stopped,
    );
  }
}
