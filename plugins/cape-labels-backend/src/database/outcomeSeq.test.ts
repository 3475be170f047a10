import { mockServices } from '@backstage/backend-test-utils';
import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { openRunStore } from './RunStore';
import { at, SETTINGS } from './__testUtils__/testStore';

const WRITERS = 12;
const PER_WRITER = 40;

function outcome(writer: number, n: number): LabelOutcome {
  return {
    labelId: `w${writer}-${n}`,
    key: 'cape-vip',
    value: null,
    createdAt: at(-n).toISOString(),
    action: 'kept',
    reason: 'young',
  };
}

describeEachDatabase('outcome numbering', itEach => {
  itEach(
    '12 batches writing one run at once never collide, each stays in order',
    async db => {
      const { store, run } = await db.storeWithRun();
      const batches = Array.from({ length: WRITERS }, (_, w) =>
        Array.from({ length: PER_WRITER }, (__, n) => outcome(w, n)),
      );
      // Several rounds: one lucky interleaving must not hide a collision.
      for (let round = 0; round < 3; round++) {
        await Promise.all(batches.map(b => store.addOutcomes(run.id, b)));
      }

      const { items, total } = await store.listOutcomes(run.id, {
        limit: 10_000,
        offset: 0,
      });
      expect(total).toBe(3 * WRITERS * PER_WRITER);
      for (const batch of batches) {
        const ids = batch.map(o => o.labelId);
        const mine = items.filter(o => ids.includes(o.labelId));
        expect(mine.map(o => o.labelId)).toEqual([...ids, ...ids, ...ids]);
      }
    },
  );

  itEach(
    'a run recorded before the migration continues after its last outcome',
    async db => {
      const knex = await db.knex('20261130000000_init.js');
      await knex('cape_labels_runs').insert({
        id: 'old-run',
        tower_id: 'prod-a',
        trigger: 'schedule',
        dry_run: false,
        status: 'running',
        started_at: at(0).getTime(),
        instance: 'replica-1',
        settings: JSON.stringify(SETTINGS),
      });
      await knex('cape_labels_outcomes').insert(
        [1, 2, 3].map(seq => ({
          run_id: 'old-run',
          seq,
          label_id: `old-${seq}`,
          key: 'cape-vip',
          created_at: at(-seq).toISOString(),
          action: 'deleted',
        })),
      );

      const store = await openRunStore({
        database: mockServices.database({ knex }),
      });
      await store.addOutcomes('old-run', [outcome(0, 0)]);
      const { items } = await store.listOutcomes('old-run', {
        limit: 10,
        offset: 0,
      });
      expect(items.map(o => o.labelId)).toEqual([
        'old-1',
        'old-2',
        'old-3',
        'w0-0',
      ]);
    },
  );

  itEach('outcomes of an unknown run are refused', async db => {
    const { store } = await db.store();
    await expect(
      store.addOutcomes('no-such-run', [outcome(0, 0)]),
    ).rejects.toThrow('run no-such-run not found');
  });
});
