import type {
  LoggerService,
  SchedulerService,
} from '@backstage/backend-plugin-api';
import { ConflictError, isError } from '@backstage/errors';
import type {
  TowerRules,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerConfig } from '../config/types';
import type { RunStore, SweepRequest } from '../database/RunStore';
import { nextRunAt, scheduleRules } from './schedule';
import { TaskRestarts } from './TaskTriggers';
import { triggerRequest } from './TaskTriggers';
import type { TowerRegistry } from './TowerRegistry';

/** The rules a Tower's runs go by, as configured with the defaults applied. */
function towerRules(tower: TowerConfig): TowerRules {
  const confirming = tower.confirmAfter.as('milliseconds') > 0;
  return {
    minAge: tower.minAge.toISO() ?? 'PT0S',
    confirmAfter: confirming ? tower.confirmAfter.toISO() : null,
    maxDeletesPerRun: tower.maxDeletesPerRun,
    dryRun: tower.dryRun,
    schedule: scheduleRules(tower.schedule),
  };
}

/**
 * Ties the Towers to the scheduler: one global task per Tower, requests stored then
 * handed to whichever replica wins the Tower's lease.
 */
export class SweepCoordinator {
  private readonly restarts: TaskRestarts;

  constructor(
    private readonly options: {
      towers: TowerRegistry;
      store: RunStore;
      scheduler: SchedulerService;
      logger: LoggerService;
      now?: () => Date;
    },
  ) {
    this.restarts = new TaskRestarts(options);
  }

  /** Each Tower's task registered with the scheduler. */
  async start(): Promise<void> {
    for (const sweeper of this.options.towers.list()) {
      await sweeper.scheduleTask(this.options.scheduler, this.restarts);
    }
  }

  /** Backend shutdown: no task is started again from this replica. */
  stop(): void {
    this.restarts.stop();
  }

  /** Stores the request and asks the scheduler to run the Tower's task now, on whichever replica. */
  async requestSweep(
    input: Omit<SweepRequest, 'id' | 'requestedAt'>,
  ): Promise<{ requestId: string }> {
    const { towers, store, scheduler } = this.options;
    const { taskId } = towers.get(input.towerId);
    const running = await store.runningTowers([input.towerId]);
    if (
      running.has(input.towerId) ||
      (await store.hasPendingRequest(input.towerId))
    ) {
      throw new ConflictError(`Tower '${input.towerId}' is already sweeping`);
    }
    const request = await store.enqueueRequest({
      towerId: input.towerId,
      trigger: input.trigger,
      requestedBy: input.requestedBy,
      dryRun: input.dryRun,
      requestedAt: new Date(),
    });
    await triggerRequest(
      { scheduler, store },
      taskId,
      input.towerId,
      request.id,
    );
    this.options.logger.info(
      `Tower ${input.towerId}: ${input.dryRun ? 'dry-run ' : ''}sweep requested (${input.trigger}${input.requestedBy ? ` by ${input.requestedBy}` : ''})`,
    );
    return { requestId: request.id };
  }

  /**
   * Stops the Tower's running sweep through the scheduler's cancel of its task, which reaches
   * whichever replica runs it (that replica's task loses its ticket and aborts). The run is marked
   * first, so its end notes who stopped it; 409 when no sweep of the Tower runs.
   */
  async stopSweep(input: {
    towerId: string;
    stoppedBy: string;
  }): Promise<{ runId: string }> {
    const { towers, store, scheduler, logger } = this.options;
    const { taskId } = towers.get(input.towerId);
    const runId = await store.requestStop(input.towerId, input.stoppedBy);
    if (!runId)
      throw new ConflictError(
        `No sweep of Tower '${input.towerId}' is running`,
      );
    try {
      await scheduler.cancelTask(taskId);
    } catch (error) {
      await store.withdrawStop(runId);
      if (isError(error) && error.name === 'ConflictError')
        throw new ConflictError(
          `No sweep of Tower '${input.towerId}' is running`,
        );
      throw error;
    }
    logger.info(
      `Tower ${input.towerId}: run ${runId} asked to stop by ${input.stoppedBy}`,
    );
    return { runId };
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Reads only: a lost run shows `lost` here and is recorded aborted by the next sweep. */
  async summaries(): Promise<TowerSummary[]> {
    const { store, towers } = this.options;
    const sweepers = towers.list();
    const ids = sweepers.map(s => s.tower.id);
    const [running, lastRuns] = await Promise.all([
      store.runningTowers(ids),
      store.lastRuns(ids),
    ]);
    const now = this.now();
    return sweepers.map(({ tower, schedule, registeredAt }) => {
      const lastRun = lastRuns.get(tower.id) ?? null;
      return {
        id: tower.id,
        title: tower.title,
        server: tower.server,
        resourcePrefix: tower.resourcePrefix,
        dryRun: tower.dryRun,
        running: running.has(tower.id),
        nextRunAt: nextRunAt(schedule, lastRun ?? undefined, registeredAt, now),
        lastRun,
        ...(Object.keys(tower.transport).length
          ? { transport: tower.transport }
          : {}),
        owner: tower.owner ?? null,
        notify: tower.notify,
        rules: towerRules(tower),
      };
    });
  }
}
