import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import { ZERO, at, newRun } from './__testUtils__/testStore';
import { LOST_AFTER_MS } from './liveness';
import { SECOND } from '../__testUtils__/time';

const afterStart = (ms: number) => new Date(at(0).getTime() + ms);

describeEachDatabase('run liveness from the heartbeat', itEach => {
  itEach(
    'shows a running run lost once its heartbeat is older than the bound, and running again after one',
    async db => {
      const { store } = await db.store();
      const run = await store.createRun(newRun('prod-a', 0));
      const status = async () => ({
        get: (await store.getRun(run.id))?.status,
        list: (await store.listRuns('prod-a', { limit: 1 }))[0].status,
        last: (await store.lastRuns(['prod-a'])).get('prod-a')?.status,
        running: (await store.runningTowers(['prod-a'])).has('prod-a'),
      });
      const alive = { get: 'running', list: 'running', last: 'running' };
      const lost = { get: 'lost', list: 'lost', last: 'lost' };

      jest.setSystemTime(afterStart(LOST_AFTER_MS));
      expect(await status()).toEqual({ ...alive, running: true });
      jest.setSystemTime(afterStart(LOST_AFTER_MS + 1));
      expect(await status()).toEqual({ ...lost, running: false });

      await store.heartbeat(run.id, afterStart(10 * SECOND));
      jest.setSystemTime(afterStart(11 * SECOND));
      expect(await status()).toEqual({ ...alive, running: true });
      jest.setSystemTime(afterStart(10 * SECOND + LOST_AFTER_MS + 1));
      expect(await status()).toEqual({ ...lost, running: false });
    },
  );

  itEach(
    'records only lost runs aborted, ended at their last heartbeat',
    async db => {
      const { store } = await db.store();
      const lost = await store.createRun(newRun('prod-a', 0));
      await store.updateRunCounts(lost.id, { ...ZERO, scanned: 5 });
      await store.heartbeat(lost.id, afterStart(3 * SECOND));
      const alive = await store.createRun(newRun('prod-a', 0));
      const otherTower = await store.createRun(newRun('prod-b', 0));
      jest.setSystemTime(afterStart(60 * SECOND));
      await store.heartbeat(alive.id, afterStart(59 * SECOND));

      expect(
        await store.abortLostRuns('prod-a', afterStart(60 * SECOND)),
      ).toEqual([{ id: lost.id, trigger: 'schedule', dryRun: false }]);
      expect(await store.getRun(lost.id)).toMatchObject({
        status: 'aborted',
        finishedAt: afterStart(3 * SECOND).toISOString(),
        durationMs: 3 * SECOND,
        counts: { ...ZERO, scanned: 5 },
        error: { code: 'REPLICA_LOST' },
      });
      expect((await store.getRun(alive.id))?.status).toBe('running');
      expect((await store.getRun(otherTower.id))?.status).toBe('lost');
      expect(
        await store.abortLostRuns('prod-a', afterStart(60 * SECOND)),
      ).toEqual([]);
    },
  );

  itEach(
    'never aborts a run whose heartbeat comes while lost runs are looked for',
    async db => {
      const { store, knex } = await db.store();
      const run = await store.createRun(newRun('prod-a', 0));
      jest.setSystemTime(afterStart(60 * SECOND));
      let late: Promise<unknown> | undefined;
      // The run's replica beats right after the first statement of the look has answered.
      knex.once('query-response', () => {
        late = store.heartbeat(run.id, afterStart(60 * SECOND));
      });
      const aborted = await store.abortLostRuns(
        'prod-a',
        afterStart(60 * SECOND),
      );
      await late;
      const row = await knex('cape_labels_runs')
        .where({ id: run.id })
        .first('status', 'heartbeat_at');
      // Aborted as silent, or alive: never aborted with a heartbeat the look would have seen.
      expect(
        row.status === 'aborted'
          ? Number(row.heartbeat_at) <
              60 * SECOND - LOST_AFTER_MS + at(0).getTime()
          : aborted.length === 0,
      ).toBe(true);
    },
  );

  itEach('never revives a finished run with a late heartbeat', async db => {
    const { store } = await db.store();
    const run = await store.createRun(newRun('prod-a', 0));
    await store.finishRun(run.id, {
      status: 'succeeded',
      finishedAt: afterStart(2 * SECOND),
      counts: ZERO,
    });
    await store.heartbeat(run.id, afterStart(3 * SECOND));
    expect(await store.getRun(run.id)).toMatchObject({
      status: 'succeeded',
      finishedAt: afterStart(2 * SECOND).toISOString(),
    });
  });

  itEach(
    'anchors the schedule on the newest scheduled sweep that ran to an end',
    async db => {
      const { store } = await db.store();
      expect(await store.lastScheduledStart('prod-a')).toBeUndefined();
      const end = async (minutes: number, over: object, status: string) => {
        const run = await store.createRun(newRun('prod-a', minutes, over));
        if (status !== 'running')
          await store.finishRun(run.id, {
            status: status as 'succeeded',
            finishedAt: at(minutes + 1),
            counts: ZERO,
          });
      };
      await end(0, {}, 'succeeded');
      await end(10, {}, 'failed');
      await end(20, { trigger: 'manual' }, 'succeeded');
      await end(30, { trigger: 'external', dryRun: true }, 'succeeded');
      await end(40, {}, 'aborted');
      await end(50, {}, 'running');
      await end(60, {}, 'succeeded');
      await store.createRun(newRun('prod-b', 70));
      // failed still counts: the schedule's attempt happened.
      expect(await store.lastScheduledStart('prod-a')).toEqual(at(60));
    },
  );

  itEach(
    'skips aborted and running scheduled sweeps for the anchor',
    async db => {
      const { store } = await db.store();
      const first = await store.createRun(newRun('prod-a', 0));
      await store.finishRun(first.id, {
        status: 'partial',
        finishedAt: at(1),
        counts: ZERO,
      });
      const aborted = await store.createRun(newRun('prod-a', 10));
      await store.finishRun(aborted.id, {
        status: 'aborted',
        finishedAt: at(11),
        counts: ZERO,
      });
      await store.createRun(newRun('prod-a', 20));
      expect(await store.lastScheduledStart('prod-a')).toEqual(at(0));
    },
  );

  itEach(
    'answers with the heartbeat who asked the run to stop, and nothing for a finished run',
    async db => {
      const { store } = await db.store();
      const run = await store.createRun(newRun('prod-a', 0));
      expect(await store.heartbeat(run.id, afterStart(SECOND))).toBeUndefined();
      expect(await store.requestStop('prod-a', 'user:default/alice')).toBe(
        run.id,
      );
      expect(await store.heartbeat(run.id, afterStart(2 * SECOND))).toBe(
        'user:default/alice',
      );
      await store.finishRun(run.id, {
        status: 'aborted',
        finishedAt: at(3),
        counts: ZERO,
      });
      expect(
        await store.heartbeat(run.id, afterStart(4 * SECOND)),
      ).toBeUndefined();
    },
  );
});
