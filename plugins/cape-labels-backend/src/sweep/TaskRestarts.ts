import type {
  LoggerService,
  SchedulerService,
} from '@backstage/backend-plugin-api';
import { isErrorWithName, stringifyError } from '@backstage/errors';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a restart tries while some replica holds the lease: after that the start is that replica's. */
const RESTART_PATIENCE_MS = 10_000;
const RESTART_RETRY_MS = 250;

type TaskRestartsOptions = {
  scheduler: Pick<SchedulerService, 'triggerTask'>;
  logger: LoggerService;
  patienceMs?: number;
  retryMs?: number;
};

/**
 * Starts a task again after it gave its lease back without a run (`TaskOutcome`): at the time
 * asked, through the scheduler's trigger, so that whichever replica claims it next runs it and
 * the scheduler's lease stays the only exclusivity. Each replica that gives a lease back
 * arranges the next start; the trigger fails with a ConflictError while a replica holds the
 * lease (this one, before the scheduler has released it; or another, which then owns the start).
 */
export class TaskRestarts {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly options: TaskRestartsOptions) {}

  /** Triggers `taskId` at `at`, unless by then `owed` says the start is no longer needed. */
  restartAt(taskId: string, at: Date, owed: () => Promise<boolean>): void {
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.restart(taskId, owed).catch(error =>
          this.options.logger.warn(
            `Could not start task ${taskId} again: ${stringifyError(error)}`,
          ),
        );
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    this.timers.add(timer);
  }

  /** Backend shutdown: no more restarts from this replica. */
  stop(): void {
    this.stopped = true;
    this.timers.forEach(clearTimeout);
    this.timers.clear();
  }

  private async restart(
    taskId: string,
    owed: () => Promise<boolean>,
  ): Promise<void> {
    const { scheduler, patienceMs, retryMs } = this.options;
    const deadline = Date.now() + (patienceMs ?? RESTART_PATIENCE_MS);
    while (!this.stopped && (await owed())) {
      try {
        await scheduler.triggerTask(taskId);
        return;
      } catch (error) {
        if (!isErrorWithName(error, 'ConflictError')) throw error;
      }
      if (Date.now() >= deadline) return;
      await sleep(retryMs ?? RESTART_RETRY_MS);
    }
  }
}
