import { setTimeout as sleep } from 'node:timers/promises';
import { describeEachDatabase } from '../database/__testUtils__/describeEachDatabase';
import { until } from '../__testUtils__/until';
import {
  createHarness,
  REQUESTS_ONLY,
  type Harness,
  type HarnessSweeper,
} from './__testUtils__/sweepHarness';

const ORPHANS = 30;

/**
 * Two replicas of one Tower on one database. Replica A sweeps (a real sweep asked by a user, in
 * batches of 5); when its first guarded delete is sent, the scheduler's lease is freed (a stop,
 * `/cancel` or timeout aborts A's task) and someone asks a preview, which replica B starts at
 * once, while A is still finishing that batch.
 */
async function stopMidBatch(
  store: HarnessSweeper['store'],
  sweeper: HarnessSweeper,
  finishBatch: (send: () => Promise<number>) => Promise<number>,
  prepare: (h: Harness) => void = () => undefined,
) {
  const taskOfA = new AbortController();
  let handedOver: Promise<unknown> | undefined;
  const h: Harness = await createHarness({
    tower: { schedule: REQUESTS_ONLY },
    sweeper: { store, pageSize: 5, batchesInFlight: 1, ...sweeper },
    wrapClient: client => ({
      deleteLabelsGuarded: async input => {
        if (handedOver) return client.deleteLabelsGuarded(input);
        taskOfA.abort();
        await h.request({ dryRun: true });
        // The harness's sweeper is replica B by now.
        handedOver = h.sweeper.runTask(new AbortController().signal);
        return finishBatch(() => client.deleteLabelsGuarded(input));
      },
    }),
  });
  h.seedOrphans(ORPHANS);
  prepare(h);
  const replicaA = h.sweeper;
  h.configure({});
  await h.request({ dryRun: false });
  await replicaA.runTask(taskOfA.signal);
  await handedOver;
  return h;
}

/** Every label Tower deleted is recorded `deleted` by exactly one run, and audited once. */
async function expectEachDeletionRecordedOnce(h: Harness) {
  const runs = await h.store.listRuns(h.tower.id, { limit: 10 });
  const recorded: string[] = [];
  for (const run of runs) {
    recorded.push(
      ...(await h.outcomes(run.id))
        .filter(o => o.action === 'deleted')
        .map(o => o.labelId),
    );
  }
  const deleted = h.deletedIds();
  expect(deleted.length).toBeGreaterThan(0);
  expect(deleted.length).toBeLessThan(ORPHANS);
  expect(recorded.sort()).toEqual(deleted);
  expect(
    h.audited
      .flat()
      .map(o => o.labelId)
      .sort(),
  ).toEqual(deleted);
}

/** The stopped run ended before the run that followed it started: no two alive at once. */
async function expectNoOverlap(h: Harness) {
  const [preview, stopped] = await h.store.listRuns(h.tower.id, { limit: 2 });
  expect(stopped).toMatchObject({ dryRun: false, status: 'aborted' });
  expect(preview).toMatchObject({ dryRun: true, status: 'succeeded' });
  expect(Date.parse(preview.startedAt)).toBeGreaterThanOrEqual(
    Date.parse(stopped.finishedAt!),
  );
}

describeEachDatabase(
  'TowerSweeper: a run stopped mid-batch while another replica starts the Tower at once',
  itEach => {
    itEach(
      "its delete committed, answered late: no deletion recorded or audited twice (the new run leaves the stopped run's write-ahead record alone)",
      async db => {
        jest.useRealTimers();
        const { store } = await db.store();
        const h = await stopMidBatch(store, {}, async send => {
          const count = await send();
          await sleep(1500);
          return count;
        });
        try {
          await expectEachDeletionRecordedOnce(h);
          await expectNoOverlap(h);
        } finally {
          await h.stop();
        }
      },
    );

    itEach(
      'its answer lost and the delete committed a moment later: the deletion is recorded, by the stopped run itself',
      async db => {
        jest.useRealTimers();
        const { store } = await db.store();
        const h = await stopMidBatch(
          store,
          { requestTimeoutMs: 1000, settleMs: 3000 },
          send => send(),
          harness =>
            harness.sim.admin.setFaults({
              rules: [
                {
                  match: { rootField: 'deleteManyLabels' },
                  lostAnswer: { answer: 'hang', commitAfterMs: 2800 },
                },
              ],
            }),
        );
        try {
          h.sim.admin.clearFaults();
          await until(
            async () => h.sim.admin.deletedLabels().length,
            n => n > 0,
            5000,
          );
          // A later run, which would settle whatever the stopped run left pending.
          await h.request({ dryRun: true });
          await h.sweeper.runTask(new AbortController().signal);
          await expectEachDeletionRecordedOnce(h);
        } finally {
          await h.stop();
        }
      },
    );
  },
);
