import {
  backendForDescribe,
  dailySchedule,
  oldDate,
  towerEntry,
} from './__testUtils__/testBackend';
import { until } from '../__testUtils__/until';

// Long enough that the request surely comes before the delay ends, even on a loaded machine.
const INITIAL_DELAY_S = 6;

/**
 * README, Known limits: "Sweep now" right after a backend starts. With Backstage's real
 * scheduler the task is registered at start-up, due after `initialDelay`; its worker waits that
 * long before it first looks. A trigger meanwhile only marks the task due, so the request is
 * accepted and runs at the first tick, after the scheduled sweep that tick owes.
 */
describe('"Sweep now" during the scheduler\'s initial delay', () => {
  const b = backendForDescribe({
    realScheduler: true,
    capeLabels: url => ({
      schedule: dailySchedule({ seconds: INITIAL_DELAY_S }),
      towers: { t1: towerEntry(url) },
    }),
  });

  it('answers 202 and runs at the first tick, after the scheduled sweep', async () => {
    b.sim.admin.createLabel({
      key: 'cape-vip',
      value: '10.9.0.1',
      createdAt: oldDate(),
    });
    const [before] = await b.towers();
    expect(before.lastRun).toBeNull();
    const firstTick = Date.parse(before.nextRunAt!);
    const askedAt = Date.now();
    // The request comes during the delay: otherwise this test shows nothing.
    expect(askedAt).toBeLessThan(firstTick);

    const res = await b.postSweep('t1', { dryRun: true });
    expect(res.status).toBe(202);

    const runs = await until(
      () => b.runs(),
      r => r.length === 2 && r.every(run => run.status !== 'running'),
      (INITIAL_DELAY_S + 20) * 1000,
    );
    const [manual, scheduled] = runs;
    expect(scheduled).toMatchObject({
      trigger: 'schedule',
      status: 'succeeded',
      counts: { deleted: 1 },
    });
    // Run after the scheduled sweep, the preview finds the orphan gone.
    expect(manual).toMatchObject({
      trigger: 'manual',
      dryRun: true,
      status: 'succeeded',
      counts: { candidates: 0 },
    });
    // SQLite's clock has whole seconds: the scheduler may start the tick up to 1 s early.
    expect(Date.parse(scheduled.startedAt)).toBeGreaterThanOrEqual(
      firstTick - 1000,
    );
    expect(Date.parse(manual.startedAt)).toBeGreaterThanOrEqual(
      Date.parse(scheduled.startedAt),
    );
  }, 60_000);
});
