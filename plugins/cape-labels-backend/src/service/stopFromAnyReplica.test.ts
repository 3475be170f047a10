import type { JsonObject } from '@backstage/types';
import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  backendForDescribe,
  dailySchedule,
  oldDate,
  towerEntry,
  USER_REF,
  type CapeBackend,
} from './__testUtils__/testBackend';
import { until } from '../__testUtils__/until';

/**
 * Two replicas on one database with Backstage's own scheduler: whichever of them runs the sweep,
 * a stop asked of the other one stops it.
 */
describe('POST /towers/:towerId/stop from the replica that is not sweeping', () => {
  const config = (url: string): JsonObject => ({
    // Backstage's scheduler runs a task (trigger included) only after its initial delay.
    schedule: dailySchedule({ seconds: 0 }),
    pageSize: 10,
    towers: { t1: towerEntry(url) },
  });
  const first = backendForDescribe({ realScheduler: true, capeLabels: config });
  const second = backendForDescribe({
    realScheduler: true,
    database: () => first.db(),
    // The first replica's simulator: one Tower for both.
    capeLabels: () => config(first.sim.url),
  });
  const runs = (): Promise<RunSummary[]> => first.runs();
  const runningOn = (runId: string): CapeBackend | undefined =>
    [first, second].find(b =>
      b.logs.some(l => l.includes(`sweep ${runId} started`)),
    );

  /** 200 old labels, a Tower answering after 300 ms, a sweep asked: the number of runs before it. */
  async function startSlowSweep(prefix: string): Promise<number> {
    await until(runs, r => r.length >= 1 && r[0].status !== 'running');
    const before = (await runs()).length;
    first.sim.admin.createLabels(
      Array.from({ length: 200 }, (_, i) => ({
        key: 'cape-vip',
        value: `${prefix}-${i}`,
        createdAt: oldDate(),
      })),
    );
    first.sim.admin.setFaults({ latencyMs: 300 });
    await first.postSweep().expect(202);
    return before;
  }

  it('stops the sweep the other replica runs, noting who stopped it', async () => {
    const before = await startSlowSweep('slow');
    const running = await first.runUnderWay(before);
    const runId = running[0].id;
    const runner = runningOn(runId);
    expect(runner).toBeDefined();
    const stopper = runner === first ? second : first;

    const answer = await stopper.postStop().expect(202);
    expect(answer.body).toEqual({ runId });

    const ended = await until(runs, r => r[0].status !== 'running');
    first.sim.admin.clearFaults();
    expect(ended[0]).toMatchObject({
      id: runId,
      status: 'aborted',
      notes: [{ code: 'STOPPED', params: { by: USER_REF } }],
    });
    expect(ended[0].counts.scanned).toBeLessThan(200);
    // The runner recorded the end; the stopper only asked.
    expect(
      runner!.logs.some(
        l => l.includes(runId) && l.includes('sweep-cancelled'),
      ),
    ).toBe(true);
    expect(
      stopper.logs.some(l => l.includes('sweep-stop') && l.includes(runId)),
    ).toBe(true);
  }, 90_000);

  it("stops a run asked at its very start before its next batch: the run finds the mark itself, not at the scheduler's liveness check", async () => {
    const before = await startSlowSweep('early');
    const running = await until(
      runs,
      r => r.length === before + 1 && r[0].status === 'running',
    );
    const runId = running[0].id;
    await second.postStop().expect(202);

    const ended = await until(runs, r => r[0].status !== 'running');
    first.sim.admin.clearFaults();
    expect(ended[0]).toMatchObject({ id: runId, status: 'aborted' });
    // Waiting for the liveness check (every 5 s) let it delete 140 of the 200 (10 per batch).
    expect(ended[0].counts.deleted).toBeLessThanOrEqual(40);
  }, 90_000);
});
