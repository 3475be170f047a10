import {
  createHarness,
  REQUESTS_ONLY,
  stoppedAfterEach,
} from './__testUtils__/sweepHarness';
import { TOWER_PASSWORD } from '../__testUtils__/towerLogin';

describe('TowerSweeper: failures are recorded, and the next run recovers', () => {
  const make = stoppedAfterEach(createHarness);

  it('records a failed run when Tower refuses connections, while other Towers carry on', async () => {
    const h = await make();
    h.seedOrphans(3);
    const down = await make({ tower: { id: 'down' } });
    await down.sim.stop();
    const other = await make({ tower: { id: 't2' } });
    other.seedOrphans(2);

    const [failed, fine] = await Promise.all([down.sweep(), other.sweep()]);
    expect(failed).toMatchObject({
      status: 'failed',
      error: { code: 'ECONNREFUSED' },
    });
    expect(failed.error?.message).toContain('Tower down');
    expect(fine).toMatchObject({ status: 'succeeded', counts: { deleted: 2 } });
    expect(
      down.logger.lines.some(l => l.startsWith('warn') && l.includes('failed')),
    ).toBe(true);
    expect(JSON.stringify([down.logger.lines, failed])).not.toContain(
      TOWER_PASSWORD,
    );
  });

  it.each([500, 502, 503] as const)(
    'records HTTP %i as a failed run without deleting',
    async status => {
      const h = await make();
      h.seedOrphans(3);
      h.sim.admin.setFaults({ httpStatus: status });
      const run = await h.sweep();
      expect(run).toMatchObject({
        status: 'failed',
        error: { code: `HTTP_${status}` },
      });
      expect(h.sim.admin.deletedLabels()).toHaveLength(0);
      h.sim.admin.clearFaults();
      expect((await h.sweep()).counts.deleted).toBe(3);
    },
  );

  it('logs in again once when the token is revoked mid-run and carries on', async () => {
    const h = await make({ sweeper: { pageSize: 5 } });
    h.seedOrphans(30);
    h.sim.admin.setFaults({ rules: [{ revokeTokenAfterRequests: 10 }] });
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(run.counts.deleted).toBe(30);
    expect(
      h.sim.admin.requestLog().filter(e => e.rootFields.includes('login'))
        .length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('splits delete batches that get GraphQL errors: what Tower refused is kept refused, the rest deleted, the record matches Tower', async () => {
    const h = await make({ sweeper: { pageSize: 10, batchesInFlight: 1 } });
    const ids = h.seedOrphans(20);
    h.sim.admin.setFaults({
      rules: [{ match: { rootField: 'deleteManyLabels' }, errorRate: 0.5 }],
      seed: 3,
    });
    const run = await h.sweep();
    const deletes = h.sim.admin
      .requestLog()
      .filter(e => e.rootFields.includes('deleteManyLabels')).length;
    const outcomes = await h.outcomesByLabel(run.id);
    const refused = ids.filter(id => outcomes[id] === 'kept/refused');
    const failed = ids.filter(id => outcomes[id] === 'failed/error');
    const deleted = ids.filter(id => outcomes[id] === 'deleted');
    // Two batches of 10, each split down to what the (seeded) faults refused.
    expect(deletes).toBe(10);
    expect([refused.length, failed.length, deleted.length]).toEqual([3, 0, 17]);
    expect(run.status).toBe('succeeded');
    // Whatever the faults hit, the record matches Tower.
    expect(h.deletedIds()).toEqual(deleted.sort());
    expect(run.counts).toMatchObject({
      deleted: deleted.length,
      failed: failed.length,
    });
  });

  it('reads the survivors again when that read fails once, so deletions are recorded as deletions', async () => {
    let failures = 1;
    const h = await make({
      wrapClient: client => ({
        readExistingIds: async (ids, signal) => {
          if (failures-- > 0) throw new Error('connection reset');
          return client.readExistingIds(ids, signal);
        },
      }),
    });
    const ids = h.seedOrphans(4);
    const run = await h.sweep();
    expect(run).toMatchObject({
      status: 'succeeded',
      counts: { deleted: 4, failed: 0 },
    });
    expect(h.deletedIds()).toEqual(ids.sort());
  });

  it('stops before the next batch when aborted and records the run aborted', async () => {
    const h = await make({
      simulator: { faults: { latencyMs: 20 } },
      sweeper: { pageSize: 10 },
    });
    h.seedOrphans(200);
    const controller = new AbortController();
    const timer = setInterval(() => {
      if (h.sim.admin.deletedLabels().length > 0) controller.abort();
    }, 5);
    const run = await h.sweep(controller.signal);
    clearInterval(timer);
    expect(run.status).toBe('aborted');
    const deletedOnTower = h.deletedIds();
    expect(deletedOnTower.length).toBeGreaterThan(0);
    expect(deletedOnTower.length).toBeLessThan(200);
    const recorded = (await h.outcomes(run.id))
      .filter(o => o.action === 'deleted')
      .map(o => o.labelId)
      .sort();
    expect(recorded).toEqual(deletedOnTower);
    expect(run.counts.deleted).toBe(deletedOnTower.length);
  });

  it('on backend shutdown stops before the next batch, records the run aborted and logs out', async () => {
    const h = await make({
      simulator: { faults: { latencyMs: 20 } },
      sweeper: { pageSize: 10 },
    });
    h.seedOrphans(200);
    const sweeping = h.sweeper.runTask(new AbortController().signal);
    while (h.sim.admin.deletedLabels().length === 0)
      await new Promise(r => setTimeout(r, 5));
    await h.sweeper.shutdown();
    await sweeping;
    const [run] = await h.store.listRuns(h.tower.id, { limit: 1 });
    expect(run.status).toBe('aborted');
    expect(h.sim.admin.deletedLabels().length).toBeLessThan(200);
    expect(run.counts.deleted).toBe(h.sim.admin.deletedLabels().length);
    expect(
      h.sim.admin.requestLog().some(e => e.rootFields.includes('logout')),
    ).toBe(true);
    // A task the scheduler starts after shutdown does nothing.
    await h.sweeper.runTask(new AbortController().signal);
    expect(await h.store.listRuns(h.tower.id, { limit: 10 })).toHaveLength(1);
  });

  it('marks a run left running by a lost replica as aborted before it starts', async () => {
    const h = await make();
    const stale = await h.leftRunning({ instance: 'dead-replica' });
    await h.sweep();
    expect(await h.store.getRun(stale.id)).toMatchObject({
      status: 'aborted',
      error: { code: 'REPLICA_LOST' },
    });
  });

  it('runs pending requests with their trigger, requester and dry-run flag', async () => {
    const h = await make({ tower: { schedule: REQUESTS_ONLY } });
    h.seedOrphans(2);
    await h.request();
    await h.request({ trigger: 'event', dryRun: false });
    await h.sweeper.runTask(new AbortController().signal);
    const runs = await h.store.listRuns(h.tower.id, { limit: 10 });
    expect(
      runs.map(r => [
        r.trigger,
        r.requestedBy ?? null,
        r.dryRun,
        r.counts.deleted,
      ]),
    ).toEqual([
      ['event', null, false, 2],
      ['manual', 'user:default/ops', true, 0],
    ]);
    expect((await h.store.nextRequest(h.tower.id)) !== undefined).toBe(false);
  });
});
