import {
  describeEachDatabase,
  type TestDatabase,
} from './__testUtils__/describeEachDatabase';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { at, newRun } from './__testUtils__/testStore';
import type { RunStore } from './RunStore';

function label(
  n: number,
  over: Partial<LabelOutcome> & Pick<LabelOutcome, 'action'>,
): LabelOutcome {
  return {
    labelId: `label-${n}`,
    key: 'cape-cluster-name',
    value: `cluster-${n}`,
    createdAt: at(-n).toISOString(),
    ...over,
  };
}

const OUTCOMES: LabelOutcome[] = [
  label(0, { action: 'deleted', value: 'Prod-East' }),
  label(1, { action: 'kept', reason: 'referenced', value: 'prod-west' }),
  label(2, { action: 'kept', reason: 'young', key: 'cape-namespace' }),
  label(3, { action: 'failed', reason: 'error', value: '100%_done' }),
  label(4, { action: 'deleted', value: '100 percent done' }),
  label(5, { action: 'kept', reason: 'referenced', value: null }),
  label(6, { action: 'deleted', value: 'back\\slash' }),
  label(7, { action: 'deleted', value: 'PRODUCTION', key: 'cape-namespace' }),
];

async function filledStore(
  db: TestDatabase,
): Promise<{ store: RunStore; runId: string }> {
  const { store, run } = await db.storeWithRun();
  const other = await store.createRun(newRun('prod-a', 1));
  await store.addOutcomes(run.id, OUTCOMES);
  await store.addOutcomes(other.id, OUTCOMES);
  return { store, runId: run.id };
}

const ids = (items: LabelOutcome[]) => items.map(o => o.labelId);

describeEachDatabase('RunStore outcome filters', itEach => {
  itEach(
    'filters by action, reason and key, and searches the value case-insensitively',
    async db => {
      const { store, runId } = await filledStore(db);
      const list = async (filter: object) => {
        const page = await store.listOutcomes(runId, {
          limit: 100,
          offset: 0,
          ...filter,
        });
        expect(page.total).toBe(page.items.length);
        return ids(page.items);
      };
      expect(await list({ reason: 'referenced' })).toEqual([
        'label-1',
        'label-5',
      ]);
      expect(await list({ key: 'cape-namespace' })).toEqual([
        'label-2',
        'label-7',
      ]);
      expect(await list({ search: 'prod' })).toEqual([
        'label-0',
        'label-1',
        'label-7',
      ]);
      expect(await list({ search: 'PROD', action: 'deleted' })).toEqual([
        'label-0',
        'label-7',
      ]);
      expect(
        await list({ action: 'kept', reason: 'young', key: 'cape-namespace' }),
      ).toEqual(['label-2']);
      expect(await list({ key: 'cape-vip' })).toEqual([]);
    },
  );

  itEach(
    'matches LIKE wildcards and the escape character literally',
    async db => {
      const { store, runId } = await filledStore(db);
      const search = async (text: string) =>
        ids(
          (
            await store.listOutcomes(runId, {
              limit: 100,
              offset: 0,
              search: text,
            })
          ).items,
        );
      expect(await search('%')).toEqual(['label-3']);
      expect(await search('%_')).toEqual(['label-3']);
      expect(await search('_')).toEqual(['label-3']);
      expect(await search('100%')).toEqual(['label-3']);
      expect(await search('\\')).toEqual(['label-6']);
      expect(await search('k\\s')).toEqual(['label-6']);
    },
  );

  itEach(
    'iterates the filtered outcomes page by page, oldest first',
    async db => {
      const { store, run } = await db.storeWithRun();
      const all = Array.from({ length: 1_234 }, (_, n) =>
        label(n, { action: n % 3 === 0 ? 'deleted' : 'kept' }),
      );
      await store.addOutcomes(run.id, all);
      const pages: LabelOutcome[][] = [];
      for await (const page of store.iterateOutcomes(
        run.id,
        { action: 'deleted' },
        100,
      ))
        pages.push(page);
      const deleted = all.filter(o => o.action === 'deleted');
      expect(pages.map(p => p.length)).toEqual([100, 100, 100, 100, 12]);
      expect(pages.flat()).toEqual(deleted);

      const exact: LabelOutcome[][] = [];
      for await (const page of store.iterateOutcomes(run.id, {}, 617))
        exact.push(page);
      expect(exact.map(p => p.length)).toEqual([617, 617]);
      expect(exact.flat()).toEqual(all);

      for await (const page of store.iterateOutcomes('no-such-run', {}, 10))
        throw new Error(`unexpected page of ${page.length}`);
    },
  );
});
