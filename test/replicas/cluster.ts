import type { RunningBackend } from '../support/backend';
import type { TowerEntry } from '../support/config';
import type { RunningSimulator } from '../support/simulators';
import { TowerWorld } from '../support/world';

/** Schedules of the test: short enough for 20 intervals in about a minute. */
export const INTERVAL_S = 3;
const FAST_TIMEOUT_S = 10;
export const KILL_TIMEOUT_S = 12;
/** Backstage's scheduler janitor frees expired leases once a minute (not configurable). */
export const JANITOR_PERIOD_S = 60;

export const FAST_TOWERS = ['t1', 't2', 't3', 't4', 't5'];
export const MANUAL_TOWER = 'manual';
export const KILL_TOWER = 'crash';
export const ALL_TOWERS = [...FAST_TOWERS, MANUAL_TOWER, KILL_TOWER];

export const taskId = (towerId: string) => `cape-labels:sweep:${towerId}`;

/** Three (or N) real backend processes on one fresh PostgreSQL prefix, one simulator per Tower. */
export class Cluster extends TowerWorld {
  replicas: RunningBackend[] = [];
  /** Every replica ever started, for pid lookups after restarts. */
  readonly everStarted: RunningBackend[] = [];
  private counter = 0;

  static async create(): Promise<Cluster> {
    return new Cluster(
      ...(await TowerWorld.startTowers('replicas', ALL_TOWERS, {
        scenario: 'small',
      })),
    );
  }

  sim(towerId: string): RunningSimulator {
    const sim = this.sims.get(towerId);
    if (!sim) throw new Error(`no simulator for ${towerId}`);
    return sim;
  }

  config(): Record<string, unknown> {
    // Manual and crash Towers sweep once at startup, then only when asked.
    const hourly = (timeoutS: number): Partial<TowerEntry> => ({
      schedule: {
        frequency: { hours: 1 },
        timeout: { seconds: timeoutS },
        initialDelay: { seconds: 1 },
      },
    });
    const rarely: Record<string, Partial<TowerEntry>> = {
      [MANUAL_TOWER]: hourly(30),
      [KILL_TOWER]: hourly(KILL_TIMEOUT_S),
    };
    return this.backendConfig(
      {
        schedule: {
          frequency: { seconds: INTERVAL_S },
          timeout: { seconds: FAST_TIMEOUT_S },
          initialDelay: { seconds: 1 },
        },
        pageSize: 50,
        requestTimeout: { seconds: 10 },
        // The hourly Towers' first sweep comes within seconds, before the scenarios that ask them,
        // and a replica alone may run every Tower: this test is about the lease (test/fleet: the bound).
        startSpread: { seconds: 3 },
        maxConcurrentSweeps: ALL_TOWERS.length,
      },
      id => ({ title: `Tower ${id}`, ...rarely[id] }),
    );
  }

  /**
   * Starts n replicas and waits until all are healthy. On a fresh database the first one starts
   * alone: replicas that create the scheduler's tables at the same moment can fail (see report).
   */
  async startReplicas(
    n: number,
    options: { firstAlone: boolean },
  ): Promise<RunningBackend[]> {
    const config = this.config();
    const start = () => this.startReplica(config, `replica-${++this.counter}`);
    const started: RunningBackend[] = [];
    const track = (replica: RunningBackend) => {
      this.everStarted.push(replica);
      this.replicas.push(replica);
      started.push(replica);
      return replica;
    };
    if (options.firstAlone) track(await start());
    await Promise.all(
      Array.from({ length: n - started.length }, async () =>
        track(await start()),
      ),
    );
    return started;
  }

  /** The replica whose pid is in a run's `instance` (hostname:pid). */
  replicaOf(instance: string): RunningBackend | undefined {
    const pid = Number(instance.split(':').pop());
    return this.everStarted.find(r => r.pid === pid);
  }

  nameOf(instance: string): string {
    return this.replicaOf(instance)?.name ?? instance;
  }

  live(): RunningBackend[] {
    return this.replicas.filter(r => !r.exited());
  }

  /** SIGTERM to every live replica at once; returns the longest shutdown time. */
  async stopAll(): Promise<number> {
    const times = await Promise.all(this.live().map(r => r.stop()));
    this.replicas = [];
    return Math.max(0, ...times);
  }

  async dispose(): Promise<string[]> {
    const dropped = await super.dispose();
    console.log(`dropped test databases: ${dropped.join(', ')}`);
    return dropped;
  }
}
