import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import { at, newRun, ZERO } from './__testUtils__/testStore';
import { EXTERNAL_RUNS_KEPT } from './retention';
import type { RunStore } from './RunStore';

/** A finished run of `prod-a` as `trigger` starts it, then the retention applied after it. */
async function ran(
  store: RunStore,
  minutes: number,
  trigger: 'schedule' | 'manual' | 'external',
) {
  const run = await store.createRun(
    newRun('prod-a', minutes, { trigger, dryRun: trigger === 'external' }),
  );
  await store.finishRun(run.id, {
    status: 'succeeded',
    finishedAt: at(minutes + 1),
    counts: ZERO,
  });
  await store.pruneRuns('prod-a', { runs: 3, routineRuns: 1 });
  return run.id;
}

const history = async (store: RunStore) =>
  (await store.listRuns('prod-a', { limit: 100 })).map(r => r.trigger);

describeEachDatabase('RunStore retention of external previews', itEach => {
  itEach(
    'four previews of the scheduler endpoint push no real run out (runsPerTower 3)',
    async db => {
      const { store } = await db.store();
      const real = [
        await ran(store, 0, 'schedule'),
        await ran(store, 10, 'manual'),
        await ran(store, 20, 'schedule'),
      ];
      for (let i = 0; i < 4; i++) await ran(store, 30 + i, 'external');
      const kept = await store.listRuns('prod-a', { limit: 100 });
      expect(kept.filter(r => r.trigger !== 'external').map(r => r.id)).toEqual(
        [...real].reverse(),
      );
      expect(await history(store)).toEqual([
        'external',
        'external',
        'external',
        'external',
        'schedule',
        'manual',
        'schedule',
      ]);
    },
  );

  itEach(
    `keeps the newest ${EXTERNAL_RUNS_KEPT} previews, counted apart from runsPerTower`,
    async db => {
      const { store } = await db.store();
      const previews: string[] = [];
      for (let i = 0; i < EXTERNAL_RUNS_KEPT + 3; i++)
        previews.push(await ran(store, i, 'external'));
      for (let i = 0; i < 5; i++) await ran(store, 100 + i, 'schedule');
      const kept = await store.listRuns('prod-a', { limit: 100 });
      expect(kept.filter(r => r.trigger === 'external').map(r => r.id)).toEqual(
        previews.slice(-EXTERNAL_RUNS_KEPT).reverse(),
      );
      expect(kept.filter(r => r.trigger === 'schedule')).toHaveLength(3);
    },
  );
});
