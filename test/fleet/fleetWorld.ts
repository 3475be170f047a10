import { performance } from 'node:perf_hooks';
import type { RunningSimulator } from '@smartx-cape/cloudtower-simulator';
import { callApi, guestToken } from '../support/api';
import type { RunningBackend } from '../support/backend';
import type { CapeLabelsDb, StoredRun } from '../support/postgres';
import { TowerWorld } from '../support/world';
import { auditDeletions, type DeletionAudit } from '../replicas/crashFixture';
import {
  runOverlapCount,
  sessionOverlapCount,
  sessionsOf,
} from '../replicas/figures';

/** The portal: 40 small Towers (~235 labels, 5 ms a request) swept every 20 s by 3 replicas. */
export const FLEET = { towers: 40, replicas: 3, intervalS: 20, latencyMs: 5 };

const DAY = 86_400_000;
const SWEPT_KEYS = ['cape-cluster-name', 'cape-namespace', 'cape-vip'];

type Seeded = {
  oldOrphans: Set<string>;
  attached: Set<string>;
  young: Set<string>;
};

/** Old orphans to delete, young orphans and attached labels to keep; values tagged by `batch`. */
function seed(
  sim: RunningSimulator,
  batch: string,
  counts = { old: 200, young: 15, attached: 20 },
): Seeded {
  const now = Date.now();
  const create = (n: number, createdAt: number, tag: string) =>
    new Set(
      sim.admin
        .createLabels(
          Array.from({ length: n }, (_, i) => ({
            key: SWEPT_KEYS[i % SWEPT_KEYS.length],
            value: `${batch}-${tag}-${i}`,
            createdAt: new Date(createdAt).toISOString(),
          })),
        )
        .map(l => l.id),
    );
  const oldOrphans = create(counts.old, now - 10 * DAY, 'old');
  const young = create(counts.young, now - 3_600_000, 'young');
  const attached = create(counts.attached, now - 10 * DAY, 'held');
  if (attached.size)
    sim.admin.createVm({ name: `${batch}-vm`, labelIds: [...attached] });
  return { oldOrphans, young, attached };
}

type FleetOptions = {
  /** Tag of the scratch databases. */
  tag: string;
  /** capeLabels keys besides the Towers and the schedule (none: the plugin's defaults). */
  capeLabels?: Record<string, unknown>;
  /** The checkout whose backend runs (a benchmark's baseline: another worktree). */
  repoRoot?: string;
  towers?: number;
};

/** Forty simulated Towers and three real backends on one fresh PostgreSQL prefix. */
export class Fleet extends TowerWorld {
  replicas: RunningBackend[] = [];
  private readonly seeded = new Map<string, Seeded[]>();

  private constructor(
    private readonly options: FleetOptions,
    prefix: string,
    sims: Map<string, RunningSimulator>,
    db: CapeLabelsDb,
  ) {
    super(prefix, sims, db);
    for (const [id, sim] of sims)
      this.seeded.set(id, [seed(sim, `${id}-first`)]);
  }

  static async create(options: FleetOptions): Promise<Fleet> {
    const ids = Array.from(
      { length: options.towers ?? FLEET.towers },
      (_, i) => `f${String(i + 1).padStart(2, '0')}`,
    );
    return new Fleet(
      options,
      ...(await TowerWorld.startTowers(options.tag, ids, {
        scenario: 'empty',
        faults: { latencyMs: FLEET.latencyMs },
      })),
    );
  }

  get towerIds(): string[] {
    return [...this.sims.keys()];
  }

  private config(): Record<string, unknown> {
    return this.backendConfig({
      schedule: {
        frequency: { seconds: FLEET.intervalS },
        timeout: { seconds: 60 },
        initialDelay: { seconds: 1 },
      },
      pageSize: 100,
      ...this.options.capeLabels,
    });
  }

  /** The first replica alone (it creates the tables and registers the tasks), then the others together. */
  async start(): Promise<void> {
    await this.startFirst();
    await this.startOthers();
  }

  async startFirst(): Promise<void> {
    this.replicas.push(await this.startFleetReplica(1));
  }

  async startOthers(): Promise<void> {
    this.replicas.push(
      ...(await Promise.all(
        Array.from({ length: FLEET.replicas - 1 }, (_, i) =>
          this.startFleetReplica(i + 2),
        ),
      )),
    );
  }

  private startFleetReplica(n: number): Promise<RunningBackend> {
    return this.startReplica(
      this.config(),
      `fleet-${n}`,
      this.options.repoRoot,
    );
  }

  /**
   * Where in the period each Tower's task next starts, by the scheduler's own table: the second
   * of `next_run_start_at` modulo the interval. A frequency keeps its phase from run to run.
   */
  async taskPhases(): Promise<number[]> {
    const rows: Array<{ next_run_start_at: Date | string | null }> =
      await this.db
        .knex('backstage_backend_tasks__tasks')
        .select('next_run_start_at')
        .where('id', 'like', 'cape-labels:sweep:%');
    return rows
      .filter(r => r.next_run_start_at !== null)
      .map(
        r =>
          Math.floor(new Date(r.next_run_start_at!).getTime() / 1000) %
          FLEET.intervalS,
      );
  }

  /** More old orphans in every Tower: the sweeps after this must take them too. */
  seedLate(batch: string): void {
    for (const [id, sim] of this.sims)
      this.seeded
        .get(id)!
        .push(seed(sim, `${id}-${batch}`, { old: 20, young: 0, attached: 0 }));
  }

  /** Each Tower's deletions against what was seeded: only old orphans, each once, none left. */
  audit(): Map<string, DeletionAudit> {
    const result = new Map<string, DeletionAudit>();
    for (const [id, sim] of this.sims) {
      const batches = this.seeded.get(id)!;
      const merged = {
        oldOrphans: new Set(batches.flatMap(b => [...b.oldOrphans])),
        youngOrphans: new Set(batches.flatMap(b => [...b.young])),
        attached: new Set(batches.flatMap(b => [...b.attached])),
      };
      result.set(
        id,
        auditDeletions(sim.admin.deletedLabels(), merged, new Set()),
      );
    }
    return result;
  }

  /** Overlapping runs and overlapping Tower sessions, summed over the Towers. */
  async overlaps(): Promise<number> {
    const runs = await this.db.runs();
    let total = 0;
    for (const [id, sim] of this.sims) {
      total += runOverlapCount(runs.filter(r => r.towerId === id));
      total += sessionOverlapCount(sessionsOf(sim));
    }
    return total;
  }
}

/** The most runs one replica had going at once, per replica (`instance`). */
export function peakRunsPerReplica(
  runs: StoredRun[],
  until = Date.now(),
): Map<string, number> {
  const peaks = new Map<string, number>();
  const byInstance = new Map<string, StoredRun[]>();
  for (const run of runs)
    byInstance.set(run.instance, [
      ...(byInstance.get(run.instance) ?? []),
      run,
    ]);
  for (const [instance, own] of byInstance) {
    const events = own.flatMap(r => [
      { at: r.startedAt, delta: 1 },
      { at: r.finishedAt ?? until, delta: -1 },
    ]);
    // An end before a start at the same moment: the slot was free again.
    events.sort((a, b) => a.at - b.at || a.delta - b.delta);
    let now = 0;
    let peak = 0;
    for (const e of events) {
      now += e.delta;
      peak = Math.max(peak, now);
    }
    peaks.set(instance, peak);
  }
  return peaks;
}

/** The most run starts within one second. */
export function peakStartsPerSecond(runs: StoredRun[]): number {
  const perSecond = new Map<number, number>();
  for (const r of runs) {
    const s = Math.floor(r.startedAt / 1000);
    perSecond.set(s, (perSecond.get(s) ?? 0) + 1);
  }
  return Math.max(0, ...perSecond.values());
}

/** The longest a Tower went without a sweep starting, from `from` to `to`, in ms. */
export function longestWait(
  runs: StoredRun[],
  from: number,
  to: number,
): number {
  const starts = [
    from,
    ...runs.map(r => r.startedAt).filter(t => t > from && t < to),
    to,
  ].sort((a, b) => a - b);
  return Math.max(...starts.slice(1).map((t, i) => t - starts[i]));
}

/** Latencies of GET `path` on `url` as the guest user (as the card asks), one after the other, until `untilMs`. */
export async function probe(
  url: string,
  path: string,
  untilMs: number,
  as: 'guest' | 'service' = 'guest',
): Promise<number[]> {
  const token = as === 'guest' ? await guestToken(url) : undefined;
  const latencies: number[] = [];
  while (Date.now() < untilMs) {
    const t0 = performance.now();
    const res = await callApi(url, path, { token });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
    latencies.push(performance.now() - t0);
  }
  return latencies;
}
