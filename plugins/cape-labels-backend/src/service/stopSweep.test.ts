import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  auth,
  BASE,
  oldDate,
  dailySchedule,
  backendForDescribe,
  towerEntry,
  USER_REF,
} from './__testUtils__/testBackend';
import { until } from '../__testUtils__/until';
import { PENDING_DELETE_BATCHES } from '../database/tables';

/**
 * `POST /towers/:towerId/stop` through Backstage's own scheduler: the plugin's tasks are global,
 * so the scheduler cancels them in its database (never through a local abort), and the replica
 * running the sweep aborts when its task's ticket is gone: this is the path any replica takes.
 */
describe('POST /towers/:towerId/stop', () => {
  const b = backendForDescribe({
    realScheduler: true,
    capeLabels: url => ({
      // Backstage's scheduler runs a task (trigger included) only after its initial delay.
      schedule: dailySchedule({ seconds: 0 }),
      pageSize: 10,
      allowManualSweepsWithoutPermissions: true,
      towers: { t1: towerEntry(url) },
    }),
  });
  const stop = () => b.http().post(`${BASE}/towers/t1/stop`).set(auth.user());

  it('stops the running sweep before its next page: aborted, noted and audited with who stopped it, nothing half-recorded', async () => {
    // The first scheduled sweep, of an empty Tower, at start.
    await until(
      () => b.runs(),
      r => r.length === 1 && r[0].status !== 'running',
    );
    await b.sim.admin.createLabels(
      Array.from({ length: 200 }, (_, i) => ({
        key: 'cape-vip',
        value: `slow-${i}`,
        createdAt: oldDate(),
      })),
    );
    b.sim.admin.setFaults({ latencyMs: 300 });
    await stop().expect(409);
    await b.postSweep().expect(202);
    const running = await until(
      () => b.runs(),
      r =>
        r.length === 2 && r[0].status === 'running' && r[0].counts.scanned > 0,
    );
    expect(running[0]).toMatchObject({ trigger: 'manual', status: 'running' });
    const answer = await stop();
    expect(answer.body).toEqual({ runId: running[0].id });

    const ended = await until(
      () => b.runs(),
      r => r[0].status !== 'running',
    );
    b.sim.admin.clearFaults();
    const run: RunSummary = ended[0];
    expect(run).toMatchObject({
      id: running[0].id,
      trigger: 'manual',
      status: 'aborted',
      error: { code: 'ABORTED' },
      notes: [
        {
          code: 'STOPPED',
          params: { by: USER_REF },
          message: `stopped by ${USER_REF}`,
        },
      ],
    });
    expect(run.counts.scanned).toBeLessThan(200);
    // Every label Tower deleted is recorded deleted, and nothing waits for settling.
    const deletedOnTower = b.sim.admin.deletedLabels().length;
    expect(run.counts.deleted).toBe(deletedOnTower);
    const knex = await b.db();
    expect(await knex(PENDING_DELETE_BATCHES)).toEqual([]);

    const audited = await until(
      async () =>
        b.logs.filter(
          l =>
            (l.includes('sweep-stop') || l.includes('sweep-cancelled')) &&
            l.includes('succeeded'),
        ),
      lines => lines.length >= 2,
    );
    const stopEvent = audited.find(l => l.includes('sweep-stop'))!;
    expect(stopEvent).toContain(USER_REF);
    expect(stopEvent).toContain(running[0].id);
    const cancelEvent = audited.find(l => l.includes('sweep-cancelled'))!;
    expect(cancelEvent).toContain(running[0].id);
    expect(cancelEvent).toContain(`"stoppedBy":"${USER_REF}"`);

    await stop().expect(409);
  }, 60_000);
});
