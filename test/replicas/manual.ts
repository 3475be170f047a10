import { callApi, guestToken } from '../support/api';
import { pollUntil } from '../support/processes';
import type { StoredRun } from '../support/postgres';
import { Cluster, MANUAL_TOWER } from './cluster';
import { runOverlapCount, sessionOverlapCount, sessionsOf } from './figures';

const sweepPath = (towerId: string) =>
  `/api/cape-labels/towers/${towerId}/sweep`;

/** POSTs a sweep as a guest user of the given replica; returns the HTTP status. */
export async function requestSweep(
  baseUrl: string,
  towerId: string,
): Promise<number> {
  const token = await guestToken(baseUrl);
  return (
    await callApi(baseUrl, sweepPath(towerId), {
      method: 'POST',
      token,
      body: {},
    })
  ).status;
}

export function waitForRunningRun(
  cluster: Cluster,
  towerId: string,
  since: number,
): Promise<StoredRun> {
  return pollUntil(
    `a ${towerId} run started after ${new Date(since).toISOString()}`,
    async () =>
      (await cluster.db.runs(towerId)).find(
        r => r.startedAt >= since && r.status === 'running',
      ),
    { timeoutMs: 60_000, intervalMs: 100 },
  );
}

type ManualResult = {
  statuses: {
    first: number;
    whilePending: number;
    whileRunningA: number;
    whileRunningB: number;
  };
  newRuns: StoredRun[];
  sessions: number;
  overlaps: number;
  ranOn?: string;
};

/** A manual sweep asked of replica A, with second requests to A and B while it is queued and running. */
export async function manualAcrossReplicas(
  cluster: Cluster,
): Promise<ManualResult> {
  const [a, b] = cluster.live();
  const sim = cluster.sim(MANUAL_TOWER);
  // Young labels are kept, so every run lists them all: ~20 pages at 150 ms make a run of seconds.
  const young = Date.now() - 3_600_000;
  sim.admin.createLabels(
    Array.from({ length: 1000 }, (_, i) => ({
      key: 'cape-namespace',
      value: `m-${i}`,
      createdAt: young,
    })),
  );
  sim.admin.setFaults({ latencyMs: 150 });
  const before = await cluster.db.runs(MANUAL_TOWER);
  await pollUntil(
    'no manual-Tower run in progress',
    async () =>
      (await cluster.db.runs(MANUAL_TOWER)).some(r => r.status === 'running')
        ? undefined
        : true,
    { timeoutMs: 60_000 },
  );
  const since = Date.now();
  const first = await requestSweep(a.url, MANUAL_TOWER);
  const whilePending = await requestSweep(b.url, MANUAL_TOWER);
  const run = await waitForRunningRun(cluster, MANUAL_TOWER, since);
  const whileRunningA = await requestSweep(a.url, MANUAL_TOWER);
  const whileRunningB = await requestSweep(b.url, MANUAL_TOWER);
  const done = await pollUntil(
    'the manual run to finish',
    async () =>
      (await cluster.db.runs(MANUAL_TOWER)).find(
        r => r.id === run.id && r.status !== 'running',
      ),
    { timeoutMs: 60_000 },
  );
  sim.admin.clearFaults();

  const all = await cluster.db.runs(MANUAL_TOWER);
  const result: ManualResult = {
    statuses: { first, whilePending, whileRunningA, whileRunningB },
    newRuns: all.filter(r => !before.some(p => p.id === r.id)),
    sessions: sessionsOf(sim).filter(s => s.startMs >= since).length,
    overlaps: sessionOverlapCount(sessionsOf(sim)) + runOverlapCount(all),
    ranOn: cluster.replicaOf(done.instance)?.name,
  };
  console.table([
    {
      'POST A': first,
      'POST B while pending': whilePending,
      'POST A while running': whileRunningA,
      'POST B while running': whileRunningB,
      'new runs': result.newRuns.map(r => `${r.trigger}/${r.status}`).join(','),
      'ran on': result.ranOn ?? done.instance,
      'run s': ((done.finishedAt! - done.startedAt) / 1000).toFixed(1),
      'Tower sessions': result.sessions,
      overlaps: result.overlaps,
    },
  ]);
  return result;
}
