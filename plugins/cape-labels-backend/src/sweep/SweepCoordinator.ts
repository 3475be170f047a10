import type { SchedulerService } from '@backstage/backend-plugin-api';
import { ConflictError, isError, NotFoundError } from '@backstage/errors';
import type {
  TowerRules,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerError } from '../cloudtower/errors';
import { createTowerClient, type TowerClient } from '../cloudtower/TowerClient';
import type {
  CapeLabelsConfig,
  SweepTuning,
  TowerConfig,
} from '../config/types';
import type { SweepRequest } from '../database/RunStore';
import { setTimeout as sleep } from 'node:timers/promises';
import { nextRunAt, scheduleRules, startSpreads } from './schedule';
import type { SweeperHooks } from './sweeperHooks';
import type { SweeperSettings } from './SweepRun';
import { TaskRestarts, triggerRequest } from './TaskTriggers';
import { SweepSlots, TowerSweeper } from './TowerSweeper';

/** How long shutdown waits for sweeps to record themselves `aborted`. */
const SHUTDOWN_GRACE_MS = 15_000;

type SweepCoordinatorOptions = Pick<
  SweeperSettings,
  'store' | 'logger' | 'instance' | 'instanceId' | 'metrics'
> & {
  config: CapeLabelsConfig;
  scheduler: SchedulerService;
  hooks?: (tower: TowerConfig) => SweeperHooks;
};

export function towerClientFactory(
  tower: TowerConfig,
  tuning: SweepTuning,
  { logger, metrics }: Pick<SweeperSettings, 'logger' | 'metrics'>,
): () => TowerClient {
  const onRequestFailed =
    metrics &&
    ((error: TowerError) => metrics.recordRequestError(tower.id, error));
  return () =>
    createTowerClient(
      { ...tower, ...tuning, towerId: tower.id },
      { logger, onRequestFailed },
    );
}

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

/** A scheduled run held back by a login backoff runs when the backoff ends (never for a manual schedule). */
function laterOf(scheduled: string | null, nextLoginAt?: Date): string | null {
  if (scheduled === null || !nextLoginAt) return scheduled;
  return new Date(Math.max(Date.parse(scheduled), +nextLoginAt)).toISOString();
}

/**
 * One global task per Tower; requests are stored, then run by whichever replica wins the Tower's
 * lease. The one map of Towers the router, the actions and the permission resources read.
 */
export class SweepCoordinator {
  private readonly byId: ReadonlyMap<string, TowerSweeper>;
  private readonly restarts: TaskRestarts;

  constructor(private readonly options: SweepCoordinatorOptions) {
    const { config, hooks, scheduler, ...shared } = options;
    const { tuning } = config;
    const slots = new SweepSlots(config.maxConcurrentSweeps);
    const spreads = startSpreads(config);
    const sweepers = config.towers.map(
      tower =>
        new TowerSweeper({
          ...shared,
          tower,
          tuning,
          slots,
          startSpread: spreads.get(tower.id),
          hooks: hooks?.(tower) ?? {},
          createClient: towerClientFactory(tower, tuning, shared),
        }),
    );
    this.byId = new Map(sweepers.map(s => [s.tower.id, s]));
    this.restarts = new TaskRestarts(options);
  }

  get(towerId: string): TowerSweeper {
    const sweeper = this.byId.get(towerId);
    if (!sweeper)
      throw new NotFoundError(`No Tower '${towerId}' is configured`);
    return sweeper;
  }

  list(): TowerSweeper[] {
    return [...this.byId.values()];
  }

  async start(): Promise<void> {
    for (const sweeper of this.list()) {
      await sweeper.scheduleTask(this.options.scheduler, this.restarts);
    }
  }

  async shutdown(): Promise<void> {
    this.restarts.stop();
    await Promise.race([
      Promise.allSettled(this.list().map(s => s.shutdown())),
      sleep(SHUTDOWN_GRACE_MS, undefined, { ref: false }),
    ]);
  }

  async requestSweep(
    input: Omit<SweepRequest, 'id' | 'requestedAt' | 'claimedBy'>,
  ): Promise<{ requestId: string }> {
    const { store } = this.options;
    const { taskId } = this.get(input.towerId);
    const running = await store.runningTowers([input.towerId]);
    if (
      running.has(input.towerId) ||
      (await store.nextRequest(input.towerId))
    ) {
      throw new ConflictError(`Tower '${input.towerId}' is already sweeping`);
    }
    const request = await store.enqueueRequest({
      ...input,
      requestedAt: new Date(),
    });
    await triggerRequest(this.options, taskId, input.towerId, request.id);
    this.options.logger.info(
      `Tower ${input.towerId}: ${input.dryRun ? 'dry-run ' : ''}sweep requested (${input.trigger}${input.requestedBy ? ` by ${input.requestedBy}` : ''})`,
    );
    return { requestId: request.id };
  }

  /** Marks the run, which its heartbeat stops, and cancels its task wherever it runs; 409 when none runs. */
  async stopSweep(input: {
    towerId: string;
    stoppedBy: string;
  }): Promise<{ runId: string }> {
    const { store, scheduler, logger } = this.options;
    const { taskId } = this.get(input.towerId);
    const notRunning = `No sweep of Tower '${input.towerId}' is running`;
    const runId = await store.requestStop(input.towerId, input.stoppedBy);
    if (!runId) throw new ConflictError(notRunning);
    try {
      await scheduler.cancelTask(taskId);
    } catch (error) {
      // The run may have seen the stop itself (its heartbeat) and ended before the cancel.
      if ((await store.getRun(runId))?.status === 'aborted') return { runId };
      await store.withdrawStop(runId);
      if (isError(error) && error.name === 'ConflictError')
        throw new ConflictError(notRunning);
      throw error;
    }
    logger.info(
      `Tower ${input.towerId}: run ${runId} asked to stop by ${input.stoppedBy}`,
    );
    return { runId };
  }

  /** Reads only: a lost run shows `lost` here and is recorded aborted by the next sweep. */
  async summaries(): Promise<TowerSummary[]> {
    const { store } = this.options;
    const ids = [...this.byId.keys()];
    const [running, lastRuns, stored] = await Promise.all([
      store.runningTowers(ids),
      store.lastRuns(ids),
      store.getLoginBackoffs(ids),
    ]);
    const now = new Date();
    return Promise.all(
      this.list().map(async ({ tower, schedule, registeredAt, logins }) => {
        const lastRun = lastRuns.get(tower.id);
        const backoff = await logins.current(stored.get(tower.id));
        const next = laterOf(
          nextRunAt(schedule, lastRun, registeredAt, now),
          backoff?.nextLoginAt,
        );
        return {
          id: tower.id,
          title: tower.title,
          server: tower.server,
          resourcePrefix: tower.resourcePrefix,
          dryRun: tower.dryRun,
          running: running.has(tower.id),
          nextRunAt: next,
          lastRun: lastRun ?? null,
          ...(backoff && {
            loginBackoff: {
              refusals: backoff.refusals,
              lastCode: backoff.lastCode,
              lastRefusedAt: backoff.lastRefusedAt.toISOString(),
              nextLoginAt: next ?? backoff.nextLoginAt.toISOString(),
            },
          }),
          ...(Object.keys(tower.transport).length
            ? { transport: tower.transport }
            : {}),
          owner: tower.owner ?? null,
          notify: tower.notify,
          rules: towerRules(tower),
        };
      }),
    );
  }
}
