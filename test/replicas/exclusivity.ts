import { pollUntil, sleep } from '../support/processes';
import { Cluster, FAST_TOWERS, INTERVAL_S } from './cluster';
import {
  countBy,
  sessionsOf,
  startGaps,
  towerFigures,
  type TowerFigures,
} from './figures';

type ExclusivityResult = {
  figures: TowerFigures[];
  windowRuns: number;
  statuses: Record<string, number>;
  replicasUsed: number;
};

/** Lets the cluster sweep for `intervals` intervals, then reads runs and Tower sessions of the window. */
export async function measureExclusivity(
  cluster: Cluster,
  intervals: number,
): Promise<ExclusivityResult> {
  const { db } = cluster;
  // Measure from the moment every fast Tower has swept once: all replicas are up by then.
  await pollUntil(
    'a first run of every fast Tower',
    async () => {
      const runs = await db.runs();
      return FAST_TOWERS.every(t => runs.some(r => r.towerId === t))
        ? true
        : undefined;
    },
    { timeoutMs: 60_000 },
  );
  const w0 = Date.now();
  const w1 = w0 + intervals * INTERVAL_S * 1000;
  await sleep(w1 - Date.now());
  await pollUntil(
    "the window's runs to finish",
    async () => {
      const runs = await db.runs();
      const open = runs.some(
        r =>
          r.startedAt < w1 &&
          r.status === 'running' &&
          FAST_TOWERS.includes(r.towerId),
      );
      return open ? undefined : true;
    },
    { timeoutMs: 30_000 },
  );

  const runs = await db.runs();
  const inWindow = (towerId: string) =>
    runs.filter(
      r => r.towerId === towerId && r.startedAt >= w0 && r.startedAt < w1,
    );
  const figures = FAST_TOWERS.map(tower =>
    towerFigures({
      tower,
      runs: runs.filter(r => r.towerId === tower),
      sessions: sessionsOf(cluster.sim(tower)),
      window: [w0, w1],
      intervalMs: INTERVAL_S * 1000,
      nameOf: i => cluster.nameOf(i),
    }),
  );
  console.table(
    figures.map(f => ({
      ...f,
      'start gaps s (min/median/max)': startGaps(inWindow(f.tower)),
    })),
  );
  const windowRuns = FAST_TOWERS.flatMap(inWindow);
  const result = {
    figures,
    windowRuns: windowRuns.length,
    statuses: countBy(windowRuns, r => r.status),
    replicasUsed: new Set(windowRuns.map(r => r.instance)).size,
  };
  console.log(
    `runs in window: ${result.windowRuns} (expected ${intervals * FAST_TOWERS.length}); ` +
      `replicas used: ${result.replicasUsed}; statuses: ${JSON.stringify(result.statuses)}`,
  );
  return result;
}
