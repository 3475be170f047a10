import fs from 'node:fs';
import path from 'node:path';
import {
  capeLabelsReadPermission,
  capeLabelsSweepRunPermission,
  type RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import {
  auth,
  BASE,
  oldDate,
  dailySchedule,
  backendForDescribe,
  towerEntry,
  USER_REF,
} from './__testUtils__/testBackend';
import { PENDING_DELETE_BATCHES } from '../database/tables';
import { until } from '../__testUtils__/until';
import { MINUTE } from '../__testUtils__/time';

const TASKS = `${BASE}/.backstage/scheduler/v1/tasks`;

/** The README's Security section, where the portal is told which paths to keep from users. */
function readmeSecurity(): string {
  const readme = fs.readFileSync(
    path.resolve(__dirname, '../../../../README.md'),
    'utf8',
  );
  const start = readme.indexOf('## Security');
  return readme.slice(start, readme.indexOf('\n## ', start + 1));
}
const task = (towerId: string) =>
  `${TASKS}/${encodeURIComponent(`cape-labels:sweep:${towerId}`)}`;

/**
 * Backstage's scheduler serves trigger and cancel for the plugin's tasks to any signed-in user,
 * with no permission of ours: a start it causes must not delete anything.
 */
describe("the scheduler's own endpoints", () => {
  const b = backendForDescribe({
    realScheduler: true,
    capeLabels: url => ({
      schedule: dailySchedule({ seconds: 0 }),
      pageSize: 10,
      towers: {
        t1: towerEntry(url),
        // Never starts by itself during the test.
        idle: towerEntry(url, {
          resourcePrefix: 'idle',
          schedule: dailySchedule(),
        }),
      },
    }),
  });

  const runs = (towerId = 't1') => b.runs(towerId);
  /** Moves every recorded run 10 minutes into the past: a trigger now is not "right after" one. */
  const ageRuns = async () => {
    const knex = await b.db();
    await knex('cape_labels_runs').update({
      started_at: knex.raw('started_at - ?', [10 * MINUTE]),
    });
  };
  const trigger = () =>
    b
      .http()
      .post(`${task('t1')}/trigger`)
      .set(auth.user())
      .expect(200);
  const seed = (n: number, prefix: string) =>
    b.sim.admin.createLabels(
      Array.from({ length: n }, (_, i) => ({
        key: 'cape-vip',
        value: `${prefix}-${i}`,
        createdAt: oldDate(),
      })),
    );

  it('a trigger by a user without cape-labels.sweep.run only previews, recorded external', async () => {
    const first = await until(
      runs,
      r => r.length === 1 && r[0].status !== 'running',
    );
    expect(first[0]).toMatchObject({
      trigger: 'schedule',
      status: 'succeeded',
    });

    // Only the sweep is refused: the user may still read the runs.
    b.permission.denied.add(capeLabelsSweepRunPermission.name);
    try {
      await b.postSweep().expect(403);
      seed(3, 'ext');
      await ageRuns();
      await trigger();

      const after = await until(
        runs,
        r => r.length === 2 && r[0].status !== 'running',
      );
      expect(after[0]).toMatchObject({
        trigger: 'external',
        dryRun: true,
        status: 'succeeded',
        counts: { candidates: 3, deleted: 0 },
      });
      expect(b.sim.admin.deletedLabels()).toEqual([]);
    } finally {
      b.permission.denied.delete(capeLabelsSweepRunPermission.name);
    }
  }, 40_000);

  it('a trigger within 5 minutes of the last run start runs nothing and records nothing', async () => {
    const before = await until(runs, r => r[0]?.status !== 'running');
    const towerRequests = b.sim.admin.requestLog().length;
    const logged = () =>
      b.logs.filter(l => l.includes('nothing run (at most one')).length;
    const loggedBefore = logged();
    await trigger();
    await until(
      async () => logged(),
      n => n > loggedBefore,
    );
    expect(logged()).toBe(loggedBefore + 1);
    expect((await runs()).map(r => r.id)).toEqual(before.map(r => r.id));
    expect(b.sim.admin.requestLog()).toHaveLength(towerRequests);
  }, 40_000);

  it('/cancel stops the running sweep before its next page, records it aborted, notes and audits it', async () => {
    seed(200, 'slow');
    b.sim.admin.setFaults({ latencyMs: 300 });
    const before = (await runs()).length;
    await ageRuns();
    await trigger();
    const running = await b.runUnderWay(before);
    expect(running[0].status).toBe('running');
    await b
      .http()
      .post(`${task('t1')}/cancel`)
      .set(auth.user())
      .expect(200);
    const ended = await until(runs, r => r[0].status !== 'running');
    b.sim.admin.clearFaults();
    expect(ended[0]).toMatchObject({
      id: running[0].id,
      trigger: 'external',
      status: 'aborted',
      error: { code: 'ABORTED' },
      notes: [
        {
          code: 'CANCELLED_BY_SCHEDULER',
          message: expect.stringContaining('scheduler'),
        },
      ],
    });
    const audited = await until(
      async () =>
        b.logs.filter(
          l => l.includes('sweep-cancelled') && l.includes('succeeded'),
        ),
      lines => lines.length > 0,
    );
    expect(audited).toHaveLength(1);
    expect(audited[0]).toContain(running[0].id);
    expect(ended[0].counts.scanned).toBeLessThan(200 + 3);
    expect(b.sim.admin.deletedLabels()).toEqual([]);
  }, 40_000);

  /**
   * The plugin's tasks are global, so the scheduler cancels them in its database, never through a
   * local abort, and the replica running the sweep aborts when its task's ticket is gone: the
   * path a stop takes from any replica.
   */
  it('POST /towers/:towerId/stop stops the running sweep: aborted, noted and audited with who stopped it, nothing half-recorded', async () => {
    const stop = () => b.postStop();
    await until(runs, r => r[0]?.status !== 'running');
    await stop().expect(409);
    seed(200, 'stop');
    b.sim.admin.setFaults({ latencyMs: 300 });
    const before = (await runs()).length;
    await b.postSweep().expect(202);
    const running = await b.runUnderWay(before);
    expect(running[0]).toMatchObject({ trigger: 'manual', status: 'running' });
    const answer = await stop().expect(202);
    expect(answer.body).toEqual({ runId: running[0].id });

    const ended = await until(runs, r => r[0].status !== 'running');
    b.sim.admin.clearFaults();
    expect(ended[0]).toMatchObject({
      id: running[0].id,
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
    expect(ended[0].counts.scanned).toBeLessThan(200);
    // Every label Tower deleted is recorded deleted; nothing waits for settling.
    expect(ended[0].counts.deleted).toBe(b.sim.admin.deletedLabels().length);
    expect(await (await b.db())(PENDING_DELETE_BATCHES)).toEqual([]);

    const audited = await until(
      async () =>
        b.logs.filter(
          l =>
            l.includes(running[0].id) &&
            /sweep-stop|sweep-cancelled/.test(l) &&
            l.includes('succeeded'),
        ),
      lines => lines.length >= 2,
    );
    expect(audited.find(l => l.includes('sweep-stop'))).toContain(USER_REF);
    expect(audited.find(l => l.includes('sweep-cancelled'))).toContain(
      `"stoppedBy":"${USER_REF}"`,
    );
    await stop().expect(409);
  }, 60_000);

  it("serves a Tower's task to a user who may read no Tower, as the README warns: listed, a real id told from an invented one; the README's block covers every spelling served", async () => {
    b.permission.denied.add(capeLabelsReadPermission.name);
    try {
      await b.get('/towers').expect(403);
      const listed = await b.http().get(TASKS).set(auth.user()).expect(200);
      expect(
        listed.body.tasks.map((t: { taskId: string }) => t.taskId),
      ).toEqual(expect.arrayContaining(['cape-labels:sweep:idle']));
      const cancel = (url: string) =>
        b.http().post(`${url}/cancel`).set(auth.user());
      expect((await cancel(task('idle'))).status).toBe(409);
      expect((await cancel(task('no-such'))).status).toBe(404);
      const shouted = TASKS.replace(
        '.backstage/scheduler',
        '.BACKSTAGE/Scheduler',
      );
      await b.http().get(shouted).set(auth.user()).expect(200);

      const security = readmeSecurity();
      expect(security).toContain(
        'GET /api/cape-labels/.backstage/scheduler/v1/tasks',
      );
      const [, block] = /location ~\* (\S+) \{ return 403; \}/.exec(security)!;
      const blocked = new RegExp(block, 'i');
      for (const served of [
        TASKS,
        shouted,
        `${task('idle')}/trigger`,
        `${task('idle')}/cancel`,
      ])
        expect({ served, blocked: blocked.test(served) }).toEqual({
          served,
          blocked: true,
        });
    } finally {
      b.permission.denied.delete(capeLabelsReadPermission.name);
    }
  });

  it('GET /towers shows a run whose heartbeat stopped as lost, and writes nothing', async () => {
    const knex = await b.db();
    const startedAt = Date.now() - MINUTE;
    await knex('cape_labels_runs').insert({
      id: `${startedAt}-deadbeef00`,
      tower_id: 'idle',
      trigger: 'schedule',
      dry_run: false,
      status: 'running',
      started_at: startedAt,
      heartbeat_at: startedAt + 10_000,
      instance: 'dead-replica',
      settings: '{}',
    });
    const read = async () =>
      (await b.get(`/towers`).expect(200)).body.items as Array<{
        id: string;
        running: boolean;
        lastRun: RunSummary;
      }>;
    for (let i = 0; i < 3; i++) {
      const idle = (await read()).find(t => t.id === 'idle')!;
      expect(idle).toMatchObject({
        running: false,
        lastRun: { status: 'lost' },
      });
    }
    const row = await knex('cape_labels_runs')
      .where({ tower_id: 'idle' })
      .first();
    expect(row).toMatchObject({ status: 'running', finished_at: null });
  });
});
