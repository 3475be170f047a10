import type { RequestLogEntry } from '@smartx-cape/cloudtower-simulator';
import { callApi } from '../support/api';
import { pollUntil } from '../support/processes';
import type { StoredRun } from '../support/postgres';
import {
  Cluster,
  JANITOR_PERIOD_S,
  KILL_TIMEOUT_S,
  KILL_TOWER,
  taskId,
} from './cluster';
import {
  auditDeletions,
  seedCrashTower,
  type DeletionAudit,
} from './crashFixture';
import { requestSweep, waitForRunningRun } from './manual';
import { runOverlapCount, sessionOverlapCount, sessionsOf } from './figures';

type CrashResult = {
  victimRun: StoredRun;
  dead: StoredRun;
  recovery: StoredRun;
  leaseExpiresAt: number;
  killedAt: number;
  /** When a live replica's API first showed the dead run `lost`, ms after the kill. */
  lostAfterMs: number;
  /** The dead run's stored status at that moment (reads must not have written). */
  storedWhenLost: StoredRun;
  audit: DeletionAudit;
  deletes: RequestLogEntry[];
  overlaps: number;
  accepted: number;
};

/** kill -9 of the replica that sweeps the crash Tower, in the middle of its deletions. */
export async function killMidSweep(
  cluster: Cluster,
  log: (what: string) => void,
): Promise<CrashResult> {
  const sim = cluster.sim(KILL_TOWER);
  const baseline = new Set(sim.admin.deletedLabels().map(d => d.id));
  const seeded = seedCrashTower(sim);
  sim.admin.setFaults({ latencyMs: 150 });
  const logStart = sim.admin.requestLog().at(-1)?.seq ?? 0;
  const since = Date.now();
  const accepted = await requestSweep(cluster.live()[0].url, KILL_TOWER);

  // Kill once the run is deleting: some labels are gone, most are still to go.
  const victimRun = await waitForRunningRun(cluster, KILL_TOWER, since);
  await pollUntil(
    'the first deletions',
    () => (sim.admin.deletedLabels().length > baseline.size ? true : undefined),
    {
      timeoutMs: 60_000,
      intervalMs: 50,
    },
  );
  const victim = cluster.replicaOf(victimRun.instance);
  if (!victim) throw new Error(`no child process for ${victimRun.instance}`);
  const lease = await cluster.db.lease(taskId(KILL_TOWER));
  await victim.kill();
  const killedAt = Date.now();
  const deletedAtKill = sim.admin.deletedLabels().length - baseline.size;
  log(`killed ${victim.name} (pid ${victim.pid}) running ${victimRun.id}`);
  const lostAt = await readsLost(cluster, victimRun.id);
  const storedWhenLost = (await cluster.db.runs(KILL_TOWER)).find(
    r => r.id === victimRun.id,
  )!;

  const recovery = await pollUntil(
    'another replica to complete the crash Tower',
    async () =>
      (await cluster.db.runs(KILL_TOWER)).find(
        r => r.seq > victimRun.seq && r.status !== 'running',
      ),
    {
      timeoutMs: (KILL_TIMEOUT_S + JANITOR_PERIOD_S + 60) * 1000,
      intervalMs: 250,
    },
  );
  sim.admin.clearFaults();
  const runs = await cluster.db.runs(KILL_TOWER);
  const result: CrashResult = {
    victimRun,
    dead: runs.find(r => r.id === victimRun.id)!,
    recovery,
    leaseExpiresAt: lease.expiresAt ?? NaN,
    killedAt,
    lostAfterMs: lostAt - killedAt,
    storedWhenLost,
    audit: auditDeletions(sim.admin.deletedLabels(), seeded, baseline),
    deletes: sim.admin
      .requestLog(logStart)
      .filter(e => e.rootFields.includes('deleteManyLabels')),
    overlaps: runOverlapCount(runs) + sessionOverlapCount(sessionsOf(sim)),
    accepted,
  };
  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.table([
    {
      'killed at run s': s(killedAt - victimRun.startedAt),
      'reads lost after kill s': s(result.lostAfterMs),
      'timeout s': KILL_TIMEOUT_S,
      'lease left at kill s': s(result.leaseExpiresAt - killedAt),
      'recovery start after kill s': s(recovery.startedAt - killedAt),
      'recovery start after lease expiry s': s(
        recovery.startedAt - result.leaseExpiresAt,
      ),
      'recovery done after kill s': s(recovery.finishedAt! - killedAt),
      'recovered by': cluster.nameOf(recovery.instance),
      'dead run': `${result.dead.status}/${result.dead.errorCode}`,
      'deleted before kill': deletedAtKill,
      'deleted total': result.audit.deleted,
      unique: result.audit.unique,
      wrong: result.audit.wrong.length,
      'old orphans left': result.audit.oldOrphansLeft,
      'deleteMany requests': result.deletes.length,
      unanswered: result.deletes.filter(e => e.endMs === null).length,
      overlaps: result.overlaps,
    },
  ]);
  return result;
}

/** Polls a live replica's API until the run reads `lost`; returns when it did. */
async function readsLost(cluster: Cluster, runId: string): Promise<number> {
  return pollUntil(
    `run ${runId} to read lost`,
    async () => {
      const res = await callApi<{
        items?: Array<{ id: string; status: string }>;
      }>(
        cluster.live()[0].url,
        `/api/cape-labels/towers/${KILL_TOWER}/runs?limit=5`,
      );
      const run = res.body.items?.find(r => r.id === runId);
      return run?.status === 'lost' ? Date.now() : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
}
