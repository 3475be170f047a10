import type { SimulatorOptions } from '@smartx-cape/cloudtower-simulator';
import { freePort, startBackend, type RunningBackend } from './backend';
import {
  backendConfig,
  LOCAL_POSTGRES,
  randomDatabasePrefix,
  type TowerEntry,
} from './config';
import { killAllChildren } from './processes';
import { CapeLabelsDb, dropDatabases } from './postgres';
import {
  startSimulators,
  stopSimulators,
  type RunningSimulator,
} from './simulators';

const TOWER_USER = 'cape-gc';
const towerPassword = (towerId: string) => `pw-${towerId}`;

/**
 * A test world of real backends on PostgreSQL: one simulated Tower per id, each with a user of its
 * own, and a fresh prefix for the backends' databases.
 */
export class TowerWorld {
  protected constructor(
    readonly prefix: string,
    readonly sims: Map<string, RunningSimulator>,
    readonly db: CapeLabelsDb,
  ) {}

  /** The simulators of `ids` started with `simulator`, and a database prefix tagged `tag`. */
  protected static async startTowers(
    tag: string,
    ids: string[],
    simulator: SimulatorOptions,
  ): Promise<[string, Map<string, RunningSimulator>, CapeLabelsDb]> {
    const started = await startSimulators(
      ids.map(id => ({
        ...simulator,
        users: [
          {
            username: TOWER_USER,
            password: towerPassword(id),
            source: 'LOCAL' as const,
          },
        ],
      })),
    );
    const prefix = randomDatabasePrefix(tag);
    return [
      prefix,
      new Map(ids.map((id, i) => [id, started[i]])),
      new CapeLabelsDb(prefix),
    ];
  }

  /** A backend config on this world's databases sweeping every Tower, `entry` added to each. */
  protected backendConfig(
    capeLabels: Record<string, unknown>,
    entry: (towerId: string) => Partial<TowerEntry> = () => ({}),
  ): Record<string, unknown> {
    const towers: Record<string, TowerEntry> = {};
    for (const [id, sim] of this.sims)
      towers[id] = {
        ...entry(id),
        server: sim.url,
        username: TOWER_USER,
        password: towerPassword(id),
      };
    return backendConfig({
      database: { connection: LOCAL_POSTGRES, prefix: this.prefix },
      capeLabels: { ...capeLabels, towers },
    });
  }

  /** A backend process on a free port, once healthy (a busy machine takes minutes). */
  protected async startReplica(
    config: Record<string, unknown>,
    name: string,
    repoRoot?: string,
  ): Promise<RunningBackend> {
    return startBackend({
      config,
      port: await freePort(),
      name,
      healthTimeoutMs: 150_000,
      repoRoot,
    });
  }

  /**
   * Every backend process, the simulators, the connection to the plugin's database, then the
   * scratch databases; returns the names dropped.
   */
  async dispose(): Promise<string[]> {
    await killAllChildren();
    await stopSimulators([...this.sims.values()]);
    await this.db.close().catch(() => undefined);
    return dropDatabases(this.prefix).catch(error => [
      `(drop failed: ${error})`,
    ]);
  }
}
