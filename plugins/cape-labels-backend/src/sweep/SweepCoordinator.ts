import type {
  LoggerService,
  SchedulerService,
} from '@backstage/backend-plugin-api';
import { ConflictError, isError, NotFoundError } from '@backstage/errors';
import type {
  TowerRules,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerError } from '../cloudtower/errors';
import {
  createTowerClient,
  type TowerClient,
  type TowerConnectionOptions,
} from '../cloudtower/TowerClient';
import type {
  CapeLabelsConfig,
  SweepTuning,
  TowerConfig,
} from '../config/types';
import type { RunStore, SweepRequest } from '../database/RunStore';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SweepMetrics } from './metrics';
import { nextRunAt, scheduleRules, startSpreads } from './schedule';
import type { SweeperHooks } from './sweeperHooks';
import { TaskRestarts, triggerRequest } from './TaskTriggers';
import { SweepSlots, TowerSweeper } from './TowerSweeper';

/** How long shutdown waits for sweeps to record themselves `aborted`. */
const SHUTDOWN_GRACE_MS = 15_000;

type SweepCoordinatorOptions = {
  config: CapeLabelsConfig;
  store: RunStore;
  scheduler: SchedulerService;
  logger: LoggerService;
  instance: string;
  /** rootInstanceMetadata's id of this backend instance (recorded on every run beside `instance`). */
  instanceId?: string;
  /** Each Tower's hooks (the plugin's: `pluginHooks`). */
  hooks?: (tower: TowerConfig) => SweeperHooks;
  metrics?: SweepMetrics;
  now?: () => Date;
};

export function towerClientFactory(
  tower: TowerConfig,
  tuning: SweepTuning,
  { logger, metrics }: { logger: LoggerService; metrics?: SweepMetrics },
): () => TowerClient {
  const connection: TowerConnectionOptions = {
    towerId: tower.id,
    server: tower.server,
    credentials: tower.credentials,
    headers: tower.headers,
    skipTLSVerify: tower.skipTLSVerify,
    caCert: tower.caCert,
    requestTimeoutMs: tuning.requestTimeoutMs,
    maxInFlight: tuning.requestsInFlight,
    maxResponseBytes: tuning.maxResponseBytes,
  };
  const onRequestFailed =
    metrics &&
    ((error: TowerError) => metrics.recordRequestError(tower.id, error));
  return () => createTowerClient(connection, { logger, onRequestFailed });
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
  return Date.parse(scheduled) >= nextLoginAt.getTime()
    ? scheduled
    : nextLoginAt.toISOString();
}

/**
 * One global task per Tower; requests are stored, then run by whichever replica wins the Tower's
 * lease. The one map of Towers the router, the actions and the permission resources read.
 */
export class SweepCoordinator {
  private readonly byId: ReadonlyMap<string, TowerSweeper>;
  private readonly restarts: TaskRestarts;

  static create(options: SweepCoordinatorOptions): SweepCoordinator {
    const { config, hooks, store, logger, instance, instanceId, metrics } =
      options;
    const { tuning } = config;
    const slots = new SweepSlots(config.maxConcurrentSweeps);
    const spreads = startSpreads(config.towers, {
      configured: config.startSpread,
      sweepsAtOnce: config.maxConcurrentSweeps,
    });
    const sweepers = config.towers.map(
      tower =>
        new TowerSweeper({
          store,
          logger,
          instance,
          instanceId,
          metrics,
          tower,
          tuning,
          slots,
          startSpread: spreads.get(tower.id),
          hooks: hooks?.(tower),
          createClient: towerClientFactory(tower, tuning, { logger, metrics }),
        }),
    );
    return new SweepCoordinator(options, sweepers);
  }

  private constructor(
    private readonly options: SweepCoordinatorOptions,
    sweepers: TowerSweeper[],
  ) {
    this.byId = new Map(sweepers.map(s => [s.tower.id, s]));
    this.restarts = new TaskRestarts(options);
  }

  /** The Tower's sweeper; a `NotFoundError` (404) for an id not configured. */
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

  /** Waits, bounded, until each stopped sweep is recorded. */
  async shutdown(): Promise<void> {
    this.restarts.stop();
    const grace = new AbortController();
    await Promise.race([
      Promise.allSettled(this.list().map(s => s.shutdown())),
      sleep(SHUTDOWN_GRACE_MS, undefined, { signal: grace.signal }).catch(
        () => undefined,
      ),
    ]);
    grace.abort();
  }

  /** Stores the request and asks the scheduler to run the Tower's task now, on whichever replica. */
  async requestSweep(
    input: Omit<SweepRequest, 'id' | 'requestedAt' | 'claimedBy'>,
  ): Promise<{ requestId: string }> {
    const { store, scheduler } = this.options;
    const { taskId } = this.get(input.towerId);
    const running = await store.runningTowers([input.towerId]);
    if (
      running.has(input.towerId) ||
      (await store.hasPendingRequest(input.towerId))
    ) {
      throw new ConflictError(`Tower '${input.towerId}' is already sweeping`);
    }
    const request = await store.enqueueRequest({
      ...input,
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
   * Marks the run (its heartbeat finds the mark and stops it), then cancels its task on whichever
   * replica runs it. 409 when no sweep of the Tower runs.
   */
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

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Reads only: a lost run shows `lost` here and is recorded aborted by the next sweep. */
  async summaries(): Promise<TowerSummary[]> {
    const { store } = this.options;
    const sweepers = this.list();
    const ids = [...this.byId.keys()];
    const [running, lastRuns, stored] = await Promise.all([
      store.runningTowers(ids),
      store.lastRuns(ids),
      store.getLoginBackoffs(ids),
    ]);
    const now = this.now();
    return Promise.all(
      sweepers.map(async ({ tower, schedule, registeredAt, logins }) => {
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
          ...(backoff
            ? {
                loginBackoff: {
                  refusals: backoff.refusals,
                  lastCode: backoff.lastCode,
                  lastRefusedAt: backoff.lastRefusedAt.toISOString(),
                  nextLoginAt: next ?? backoff.nextLoginAt.toISOString(),
                },
              }
            : {}),
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
