/**
 * Several real backend processes on one PostgreSQL: the scheduler's lease must make every Tower's
 * sweep exclusive, survive a kill -9 and a restart. One cluster, four scenarios in order.
 */
import { ALL_TOWERS, Cluster, JANITOR_PERIOD_S } from './cluster';
import { killMidSweep } from './crash';
import { measureExclusivity } from './exclusivity';
import { runOverlapCount } from './figures';
import { manualAcrossReplicas } from './manual';
import { restartAll } from './restart';

const INTERVALS = 20;
const REPLICAS = 3;

describe('several replicas on one PostgreSQL', () => {
  let cluster: Cluster;
  const t0 = Date.now();
  const step = (what: string) =>
    console.log(`[+${((Date.now() - t0) / 1000).toFixed(1)} s] ${what}`);

  beforeAll(async () => {
    cluster = await Cluster.create();
    await cluster.startReplicas(REPLICAS, { firstAlone: true });
    step(
      `replicas healthy: ${cluster.replicas.map(r => `${r.name} pid ${r.pid} :${r.port}`).join(', ')}`,
    );
  }, 300_000);

  afterAll(async () => {
    await cluster?.dispose();
    step('cleaned up');
  }, 60_000);

  it('sweeps each Tower exactly once per interval, never twice at once, on more than one replica', async () => {
    const result = await measureExclusivity(cluster, INTERVALS);
    for (const f of result.figures) {
      expect({
        tower: f.tower,
        runOverlaps: f.runOverlaps,
        sessionOverlaps: f.sessionOverlaps,
      }).toEqual({
        tower: f.tower,
        runOverlaps: 0,
        sessionOverlaps: 0,
      });
      // A late claim can push the fixed-rate grid back (next = max(last + interval, now)): allow
      // up to 3 lost slots; never more runs than slots + 1 (a run of the slot just before w0).
      expect(f.runsInWindow).toBeGreaterThanOrEqual(INTERVALS - 3);
      expect(f.runsInWindow).toBeLessThanOrEqual(INTERVALS + 1);
      // Window edges: a run started just before w0 may log in just after it.
      expect(Math.abs(f.sessionsInWindow - f.runsInWindow)).toBeLessThanOrEqual(
        1,
      );
    }
    expect(Object.keys(result.statuses)).toEqual(['succeeded']);
    expect(result.replicasUsed).toBeGreaterThan(1);
  });

  it('runs a manual sweep sent to one replica exactly once, and answers 409 while it runs', async () => {
    const result = await manualAcrossReplicas(cluster);
    expect(result.statuses).toEqual({
      first: 202,
      whilePending: 409,
      whileRunningA: 409,
      whileRunningB: 409,
    });
    expect(result.newRuns.map(r => [r.trigger, r.status])).toEqual([
      ['manual', 'succeeded'],
    ]);
    expect(result.sessions).toBe(1);
    expect(result.overlaps).toBe(0);
    expect(result.ranOn).toBeDefined();
  });

  it('recovers a Tower whose replica is killed mid-sweep: lost at once, aborted by the next sweep, no double or wrong deletion', async () => {
    const r = await killMidSweep(cluster, step);
    expect(r.accepted).toBe(202);
    expect(r.recovery.instance).not.toBe(r.victimRun.instance);
    expect(r.recovery.status).toBe('succeeded');
    // The dead run reads lost within seconds (5 missed heartbeats), while its row, which no
    // read writes, stays running until the next sweep of the Tower records it aborted.
    expect(r.lostAfterMs).toBeLessThanOrEqual(10_000);
    expect(r.storedWhenLost.status).toBe('running');
    // The interrupted manual request is done again by the next sweep.
    expect([r.recovery.trigger, r.recovery.dryRun]).toEqual(['manual', false]);
    expect([r.dead.status, r.dead.errorCode]).toEqual([
      'aborted',
      'REPLICA_LOST',
    ]);
    // The lease is honoured until it expires; the scheduler's janitor frees it within one period.
    expect(r.recovery.startedAt).toBeGreaterThanOrEqual(
      r.leaseExpiresAt - 1000,
    );
    expect(r.recovery.startedAt - r.leaseExpiresAt).toBeLessThanOrEqual(
      (JANITOR_PERIOD_S + 15) * 1000,
    );
    expect(r.audit.unique).toBe(r.audit.deleted);
    expect(r.audit.wrong).toEqual([]);
    expect(r.audit.oldOrphansLeft).toBe(0);
    expect(r.deletes.every(e => e.endMs !== null)).toBe(true);
    expect(r.overlaps).toBe(0);
  });

  it('keeps history, resumes schedules and migrates once after all replicas restart', async () => {
    const r = await restartAll(cluster, REPLICAS, step);
    expect(r.before.every(b => r.after.some(a => a.id === b.id))).toBe(true);
    expect(r.stuck).toEqual([]);
    for (const table of Object.values(r.migrations)) {
      expect(Object.keys(table).length).toBeGreaterThan(0);
      expect(Object.values(table).every(n => n === 1)).toBe(true);
    }
    for (const tower of ALL_TOWERS) {
      expect({
        tower,
        overlaps: runOverlapCount(r.after.filter(a => a.towerId === tower)),
      }).toEqual({ tower, overlaps: 0 });
    }
    // Not asserted, only printed: a SIGTERM during a sweep leaves the run `running` and the
    // lease held until timeout + janitor (plugin registers no shutdown hook; see the report).
  });
});
