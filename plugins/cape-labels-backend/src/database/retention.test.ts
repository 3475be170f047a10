import type {
  OutcomeReason,
  LabelAction,
  LabelOutcome,
} from '@smartx-cape/plugin-cape-labels-common';
import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import { NotFoundError } from '@backstage/errors';
import { ZERO, at, finished, newRun } from './__testUtils__/testStore';
import type { RunStore } from './RunStore';

/** One label of each kind a run records: two routine keeps, the rest acted on or asked about. */
const KINDS: Array<[LabelAction, OutcomeReason | undefined]> = [
  ['kept', 'count-nonzero'],
  ['kept', 'count-nonzero'],
  ['kept', 'young'],
  ['kept', 'referenced'],
  ['kept', 'unconfirmed'],
  ['kept', 'cap'],
  ['kept', 'raced'],
  ['deleted', undefined],
  ['failed', 'error'],
];

function outcomes(dryRun: boolean): LabelOutcome[] {
  return KINDS.map(([action, reason], n) => ({
    labelId: `label-${n}`,
    key: 'cape-vip',
    value: `10.0.0.${n}`,
    createdAt: at(-100).toISOString(),
    action: dryRun && action === 'deleted' ? 'would-delete' : action,
    ...(reason ? { reason } : {}),
  }));
}

const KEPT_BY_REASON = {
  'count-nonzero': 2,
  young: 1,
  referenced: 1,
  unconfirmed: 1,
  cap: 1,
  raced: 1,
};

/** A run recorded as a sweep records it, then the retention applied after it. */
async function sweep(
  store: RunStore,
  minutes: number,
  routineRuns: number,
  dryRun = false,
) {
  const run = await store.createRun(newRun('prod-a', minutes, { dryRun }));
  await store.addOutcomes(run.id, outcomes(dryRun).slice(0, 4));
  await store.addOutcomes(run.id, outcomes(dryRun).slice(4));
  await store.finishRun(run.id, {
    status: 'partial',
    finishedAt: at(minutes + 1),
    counts: {
      ...ZERO,
      scanned: 9,
      candidates: 9,
      kept: 7,
      failed: 1,
      ...(dryRun ? { wouldDelete: 1 } : { deleted: 1 }),
    },
  });
  await store.pruneRuns('prod-a', { runs: 200, routineRuns });
  return run.id;
}

/** Keeps `runs` runs, the routine keeps of the newest one. */
const keep = (runs: number) => ({ runs, routineRuns: 1 });

async function labels(store: RunStore, runId: string) {
  const page = await store.listOutcomes(runId, { limit: 100, offset: 0 });
  return {
    reasons: page.items.map(o => o.reason ?? o.action),
    total: page.total,
    countedOnly: page.countedOnly,
  };
}

const ALL_LISTED = {
  reasons: [
    'count-nonzero',
    'count-nonzero',
    'young',
    'referenced',
    'unconfirmed',
    'cap',
    'raced',
    'deleted',
    'error',
  ],
  total: 9,
  countedOnly: [],
};

const ROUTINE_COUNTED = {
  reasons: ['referenced', 'unconfirmed', 'cap', 'raced', 'deleted', 'error'],
  total: 6,
  countedOnly: ['count-nonzero', 'young'],
};

describeEachDatabase('RunStore retention', itEach => {
  itEach(
    'counts kept labels per reason on the run as outcomes are added',
    async db => {
      const { store, run } = await db.storeWithRun();
      await store.addOutcomes(run.id, outcomes(false).slice(0, 3));
      expect((await store.getRun(run.id))?.keptByReason).toEqual({
        'count-nonzero': 2,
        young: 1,
      });
      await store.addOutcomes(run.id, outcomes(false).slice(3));
      const [listed] = await store.listRuns('prod-a', { limit: 1 });
      expect(listed.keptByReason).toEqual(KEPT_BY_REASON);
      expect((await store.lastRuns(['prod-a'])).get('prod-a')).toEqual(listed);
    },
  );

  itEach(
    'lists routine keeps for the newest run only; older runs count them and say so',
    async db => {
      const { store, knex } = await db.store();
      const first = await sweep(store, 0, 1);
      expect(await labels(store, first)).toEqual(ALL_LISTED);
      const second = await sweep(store, 10, 1, true);
      const third = await sweep(store, 20, 1);

      expect(await labels(store, third)).toEqual(ALL_LISTED);
      expect(await labels(store, first)).toEqual(ROUTINE_COUNTED);
      expect(await labels(store, second)).toEqual({
        ...ROUTINE_COUNTED,
        reasons: ROUTINE_COUNTED.reasons.map(r =>
          r === 'deleted' ? 'would-delete' : r,
        ),
      });
      // the counts stay on every run
      for (const run of await store.listRuns('prod-a', { limit: 10 })) {
        expect(run.keptByReason).toEqual(KEPT_BY_REASON);
        expect(run.counts.kept).toBe(7);
      }
      expect((await store.getRun(second))?.counts.wouldDelete).toBe(1);
      const young = await store.listOutcomes(first, {
        limit: 10,
        offset: 0,
        reason: 'young',
      });
      expect(young).toEqual({
        items: [],
        total: 0,
        countedOnly: ['count-nonzero', 'young'],
      });
      const [{ n }] = await knex('cape_labels_outcomes').count({ n: '*' });
      expect(Number(n)).toBe(9 + 6 + 6);
    },
  );

  itEach('keeps the routine keeps of the newest N runs', async db => {
    const { store } = await db.store();
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await sweep(store, i * 10, 2));
    const answers = await Promise.all(ids.map(id => labels(store, id)));
    expect(answers).toEqual([
      ROUTINE_COUNTED,
      ROUTINE_COUNTED,
      ALL_LISTED,
      ALL_LISTED,
    ]);
  });

  itEach('never forgets the routine keeps of a running run', async db => {
    const { store } = await db.store();
    const running = await store.createRun(newRun('prod-a', 0));
    await store.addOutcomes(running.id, outcomes(false));
    const done = await sweep(store, 10, 1);
    expect(await labels(store, running.id)).toEqual(ALL_LISTED);
    expect(await labels(store, done)).toEqual(ALL_LISTED);
  });

  itEach(
    'prunes old runs and their outcomes, never a running one',
    async db => {
      const { store, knex } = await db.store();
      const stuck = await store.createRun(newRun('prod-a', 0));
      const ids: string[] = [];
      for (let i = 1; i <= 6; i++) {
        const run = await finished(store, 'prod-a', i * 10);
        await store.addOutcomes(
          run.id,
          Array.from({ length: 30 }, (_, n) => ({
            labelId: `l${n}`,
            key: 'cape-vip',
            value: null,
            createdAt: at(0).toISOString(),
            action: 'deleted' as const,
          })),
        );
        ids.push(run.id);
      }
      const otherTower = await finished(store, 'prod-b', 0);

      expect(await store.pruneRuns('prod-a', keep(3))).toBe(3);
      const left = await store.listRuns('prod-a', { limit: 100 });
      expect(left.map(r => r.id)).toEqual([ids[5], ids[4], ids[3], stuck.id]);
      for (const id of ids.slice(0, 3)) {
        expect(await store.getRun(id)).toBeUndefined();
        await expect(
          store.listOutcomes(id, { limit: 10, offset: 0 }),
        ).rejects.toThrow(NotFoundError);
      }
      const [{ n }] = await knex('cape_labels_outcomes').count({ n: '*' });
      expect(Number(n)).toBe(90);
      expect(await store.getRun(otherTower.id)).toBeDefined();

      expect(await store.pruneRuns('prod-a', keep(3))).toBe(0);
      expect(await store.pruneRuns('prod-a', keep(10))).toBe(0);
      expect(await store.pruneRuns('nowhere', keep(1))).toBe(0);
      expect(await store.pruneRuns('prod-a', keep(0))).toBe(3);
      expect(
        (await store.listRuns('prod-a', { limit: 100 })).map(r => r.id),
      ).toEqual([stuck.id]);
    },
  );
});
