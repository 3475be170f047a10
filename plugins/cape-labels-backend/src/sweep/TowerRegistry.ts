import type { LoggerService } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import { transportWarnings } from '../config/towerServer';
import type { CapeLabelsConfig, TowerConfig } from '../config/types';
import type { RunStore } from '../database';
import type { SweepMetrics } from './metrics';
import type { SweeperHooks } from './sweeperHooks';
import { sweepTuning, TowerSweeper } from './TowerSweeper';

/** How long shutdown waits for sweeps to record themselves `aborted`. */
const SHUTDOWN_GRACE_MS = 15_000;

export type TowerRegistryOptions = {
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
 * The configured Towers, each with its sweeper: the one map the router and the coordinator
 * share. Ordered as the config orders them (by title).
 */
export class TowerRegistry {
  private readonly byId: ReadonlyMap<string, TowerSweeper>;

  /** One sweeper per configured Tower, built by `TowerSweeper.create`. */
  static create(options: TowerRegistryOptions): TowerRegistry {
    // store, logger, instance, instanceId and metrics go to every sweeper as given
    const { config, hooks, ...shared } = options;
    const tuning = sweepTuning(config);
    config.towers
      .flatMap(transportWarnings)
      .forEach(w => shared.logger.warn(w));
    return new TowerRegistry(
      config.towers.map(tower =>
        TowerSweeper.create({
          ...shared,
          tower,
          tuning,
          hooks: hooks?.(tower),
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
