import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import { ZERO, at, finished, newRun } from './__testUtils__/testStore';

describeEachDatabase('RunStore stored counts', itEach => {
  itEach(
    'stores the would-delete count of dry runs: every read shows it, without recounting outcomes',
    async db => {
      const { store, knex } = await db.store();
      const outcome = (labelId: string, action: 'would-delete' | 'kept') => ({
        labelId,
        key: 'cape-vip',
        value: null,
        createdAt: at(0).toISOString(),
        action,
        ...(action === 'kept' ? { reason: 'young' as const } : {}),
      });
      const real = await finished(store, 'prod-a', 0);
      const dry = await store.createRun(newRun('prod-a', 10, { dryRun: true }));
      await store.addOutcomes(dry.id, [
        outcome('l1', 'would-delete'),
        outcome('l2', 'kept'),
        outcome('l3', 'would-delete'),
      ]);
      // while it runs: what the sweep last wrote
      const progress = { ...ZERO, scanned: 3, kept: 1, wouldDelete: 2 };
      await store.updateRunCounts(dry.id, progress);
      expect((await store.getRun(dry.id))?.counts.wouldDelete).toBe(2);
      const done = await store.finishRun(dry.id, {
        status: 'succeeded',
        finishedAt: at(11),
        counts: progress,
      });
      expect(done.counts.wouldDelete).toBe(2);
      expect(done.keptByReason).toEqual({ young: 1 });

      await knex('cape_labels_outcomes').where({ run_id: dry.id }).delete();
      const listed = await store.listRuns('prod-a', { limit: 10 });
      expect(listed.map(r => [r.id, r.counts.wouldDelete])).toEqual([
        [dry.id, 2],
        [real.id, 0],
      ]);
      const last = await store.lastRuns(['prod-a']);
      expect(last.get('prod-a')?.counts.wouldDelete).toBe(2);
      expect((await store.getRun(dry.id))?.counts.wouldDelete).toBe(2);
    },
  );
});
