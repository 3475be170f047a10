import { pollUntil } from '../support/processes';
import type { StoredRun } from '../support/postgres';
import { Cluster, FAST_TOWERS, MANUAL_TOWER, taskId } from './cluster';
import { countBy, sessionsOf } from './figures';
import { requestSweep, waitForRunningRun } from './manual';

type RestartResult = {
  before: StoredRun[];
  after: StoredRun[];
  firstNew: StoredRun[];
  restartAt: number;
  /** Runs started before the restart that were still `running` once every fast Tower had swept again. */
  stuck: StoredRun[];
  migrations: Record<string, Record<string, number>>;
  interrupted: { run: StoredRun; leaseHeld: boolean; loggedOut: boolean };
};

/** SIGTERM to every replica while a manual sweep runs, then n fresh replicas on the same database. */
export async function restartAll(
  cluster: Cluster,
  replicas: number,
  log: (what: string) => void,
): Promise<RestartResult> {
  const manualSim = cluster.sim(MANUAL_TOWER);
  manualSim.admin.setFaults({ latencyMs: 150 });
  const since = Date.now();
  await requestSweep(cluster.live()[0].url, MANUAL_TOWER);
  const inFlight = await waitForRunningRun(cluster, MANUAL_TOWER, since);
  const before = await cluster.db.runs();
  const stopMs = await cluster.stopAll();
  const restartAt = Date.now();
  manualSim.admin.clearFaults();
  const interruptedRun = (await cluster.db.runs(MANUAL_TOWER)).find(
    r => r.id === inFlight.id,
  )!;
  const lease = await cluster.db.lease(taskId(MANUAL_TOWER));
  const session = sessionsOf(manualSim)
    .filter(s => s.startMs >= since)
    .pop();
  const interrupted = {
    run: interruptedRun,
    leaseHeld: lease.ticket !== null,
    loggedOut: Boolean(session?.operations.logout),
  };
  console.table([
    {
      'SIGTERM during a sweep: run': `${interruptedRun.status}/${interruptedRun.errorCode}`,
      'lease after stop': lease.ticket
        ? `held, expires in ${((lease.expiresAt! - Date.now()) / 1000).toFixed(1)} s`
        : 'released',
      'Tower token logged out': interrupted.loggedOut,
      'slowest stop ms': stopMs,
    },
  ]);
  log(`all replicas stopped; ${before.length} runs stored; restarting`);
  await cluster.startReplicas(replicas, { firstAlone: false });
  log('replicas restarted');

  const firstNew = await pollUntil(
    'a new run of every fast Tower',
    async () => {
      const runs = await cluster.db.runs();
      const news = FAST_TOWERS.map(t =>
        runs.find(
          r =>
            r.towerId === t &&
            r.startedAt >= restartAt &&
            r.status !== 'running',
        ),
      );
      return news.every(Boolean) ? (news as StoredRun[]) : undefined;
    },
    { timeoutMs: 150_000, intervalMs: 500 },
  );
  const after = await cluster.db.runs();
  const migrations = await cluster.db.migrationCounts();
  console.table(
    firstNew.map(r => ({
      tower: r.towerId,
      'first new run after restart s': (
        (r.startedAt - restartAt) /
        1000
      ).toFixed(1),
      on: cluster.nameOf(r.instance),
      status: r.status,
    })),
  );
  console.log(
    `runs before restart ${before.length}, still stored ${after.filter(r => before.some(b => b.id === r.id)).length}; ` +
      `ended by shutdown or crash: ${JSON.stringify(
        countBy(
          after.filter(r => r.status === 'aborted'),
          r => `aborted/${r.errorCode}`,
        ),
      )}; ` +
      `migrations ${JSON.stringify(migrations)}`,
  );
  return {
    before,
    after,
    firstNew,
    restartAt,
    stuck: after.filter(
      r =>
        r.startedAt < restartAt &&
        r.status === 'running' &&
        FAST_TOWERS.includes(r.towerId),
    ),
    migrations,
    interrupted,
  };
}
