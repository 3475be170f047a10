import type { LoggerService } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import type { TowerError } from '../cloudtower/errors';
import {
  createTowerClient,
  type TowerClient,
  type TowerConnectionOptions,
} from '../cloudtower/TowerClient';
import { transportWarnings } from '../config/readConfig';
import type { CapeLabelsConfig, TowerConfig } from '../config/types';
import type { RunStore } from '../database/RunStore';
import type { SweepMetrics } from './metrics';
import type { SweeperHooks } from './sweeperHooks';
import {
  SweepSlots,
  sweepTuning,
  TowerSweeper,
  type SweepTuning,
} from './TowerSweeper';

/** How long shutdown waits for sweeps to record themselves `aborted`. */
const SHUTDOWN_GRACE_MS = 15_000;

type TowerRegistryOptions = {
  config: CapeLabelsConfig;
  store: RunStore;
  logger: LoggerService;
  /** Which replica runs (recorded on every run). */
  instance: string;
  /** rootInstanceMetadata's id of this backend instance (recorded on every run beside `instance`). */
  instanceId?: string;
  /** Each Tower's hooks (the plugin's: `pluginHooks`). */
  hooks?: (tower: TowerConfig) => SweeperHooks;
  metrics?: SweepMetrics;
};

/**
 * How a sweeper reaches its Tower: a new client for each run, within the tuning's limits on
 * requests in flight, time and answer size; failed requests counted in the metrics.
 */
export function towerClientFactory(
  tower: TowerConfig,
  tuning: SweepTuning,
  options: { logger: LoggerService; metrics?: SweepMetrics },
): () => TowerClient {
  const { logger, metrics } = options;
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

/**
 * The configured Towers, each with its sweeper: the one map the router and the coordinator
 * share. Ordered as the config orders them (by title).
 */
export class TowerRegistry {
  private readonly byId: ReadonlyMap<string, TowerSweeper>;

  /** One sweeper per configured Tower, built by `TowerSweeper.create`, with its client factory. */
  static create(options: TowerRegistryOptions): TowerRegistry {
    // store, logger, instance, instanceId and metrics go to every sweeper as given
    const { config, hooks, ...shared } = options;
    const tuning = sweepTuning(config);
    const slots = new SweepSlots(config.maxConcurrentSweeps);
    config.towers
      .flatMap(transportWarnings)
      .forEach(w => shared.logger.warn(w));
    return new TowerRegistry(
      config.towers.map(tower =>
        TowerSweeper.create({
          ...shared,
          tower,
          tuning,
          slots,
          startSpread: config.startSpread,
          hooks: hooks?.(tower),
          createClient: towerClientFactory(tower, tuning, shared),
        }),
      ),
    );
  }

  private constructor(sweepers: TowerSweeper[]) {
    this.byId = new Map(sweepers.map(s => [s.tower.id, s]));
  }

  /** The Tower's sweeper; a `NotFoundError` (404) for an id not configured. */
  get(towerId: string): TowerSweeper {
    const sweeper = this.byId.get(towerId);
    if (!sweeper)
      throw new NotFoundError(`No Tower '${towerId}' is configured`);
    return sweeper;
  }

  /** The Tower's config; a `NotFoundError` (404) for an id not configured. */
  tower(towerId: string): TowerConfig {
    return this.get(towerId).tower;
  }

  list(): TowerSweeper[] {
    return [...this.byId.values()];
  }

  /** Stops every sweep before its next batch and waits (bounded) until each is recorded. */
  async shutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>(resolve => {
      timer = setTimeout(resolve, SHUTDOWN_GRACE_MS);
    });
    await Promise.race([
      Promise.allSettled(this.list().map(s => s.shutdown())),
      grace,
    ]);
    clearTimeout(timer);
  }
}
