import {
  oldDate,
  dailySchedule,
  backendForDescribe,
  towerEntry,
} from './__testUtils__/testBackend';
import { until } from '../__testUtils__/until';
import { HOUR } from '../__testUtils__/time';

/**
 * With Backstage's real scheduler (SQLite): triggerTask only marks the task due, a worker
 * picks it up (within 5 s) under the task's lease, and nextRunAt comes from the schedule (no
 * scheduler table is read).
 */
describe('cape-labels with the real scheduler', () => {
  const b = backendForDescribe({
    realScheduler: true,
    capeLabels: url => ({
      schedule: dailySchedule({ seconds: 0 }),
      towers: { t1: towerEntry(url) },
    }),
  });

  const towers = () => b.towers();
  const runs = () => b.runs();

  it('runs the scheduled sweep, shows the next run, then a requested one with 409 while it runs', async () => {
    // The first tick is due at start (initialDelay 0).
    const first = await until(
      runs,
      r => r.length === 1 && r[0].status !== 'running',
    );
    expect(first).toEqual([
      expect.objectContaining({ trigger: 'schedule', status: 'succeeded' }),
    ]);
    const [tower] = await towers();
    expect(tower.nextRunAt).toEqual(expect.any(String));
    expect(Date.parse(tower.nextRunAt!)).toBeGreaterThan(
      Date.now() + 23 * HOUR,
    );

    for (let i = 0; i < 3; i++)
      b.sim.admin.createLabel({
        key: 'cape-vip',
        value: `10.9.0.${i}`,
        createdAt: oldDate(),
      });
    b.sim.admin.setFaults({ latencyMs: 500 });
    const started = Date.now();
    const res = await b.postSweep('t1', { dryRun: true });
    expect(res.status).toBe(202);
    // Accepted at once: the sweep runs later, on whichever worker takes the lease.
    expect(Date.now() - started).toBeLessThan(1000);
    await b.postSweep().expect(409);

    const running = await until(towers, t => t[0].running);
    expect(running[0]).toMatchObject({
      running: true,
      lastRun: { status: 'running', trigger: 'manual' },
    });
    // Still running a moment later: the card's read must not mistake a live run for a lost one.
    await new Promise(r => setTimeout(r, 300));
    expect((await towers())[0].lastRun).toMatchObject({ status: 'running' });
    await b.postSweep().expect(409);

    const done = await until(
      runs,
      r => r[0].trigger === 'manual' && r[0].status !== 'running',
    );
    b.sim.admin.clearFaults();
    expect(done[0]).toMatchObject({
      trigger: 'manual',
      dryRun: true,
      status: 'succeeded',
      counts: { candidates: 3 },
    });
    expect(done).toHaveLength(2);
    expect((await towers())[0].running).toBe(false);
  }, 30_000);
});
