import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { at, newRun } from './__testUtils__/testStore';

let n = 0;
function outcomes(
  key: string,
  value: string | null,
  count: number,
  action: LabelOutcome['action'] = 'deleted',
): LabelOutcome[] {
  return Array.from({ length: count }, () => ({
    labelId: `label-${n++}`,
    key,
    value,
    createdAt: at(-100).toISOString(),
    action,
  }));
}

describeEachDatabase('RunStore topDeletedValues', itEach => {
  itEach(
    'counts deleted labels per value of a key, for the Tower, since a time, most first',
    async db => {
      const { store } = await db.store();
      const old = await store.createRun(newRun('prod-a', -60));
      const recent = await store.createRun(newRun('prod-a', 0));
      const later = await store.createRun(newRun('prod-a', 10));
      const otherTower = await store.createRun(newRun('prod-b', 0));
      await store.addOutcomes(
        old.id,
        outcomes('cape-cluster-name', 'ancient', 9),
      );
      await store.addOutcomes(recent.id, [
        ...outcomes('cape-cluster-name', 'leaky', 4),
        ...outcomes('cape-cluster-name', 'calm', 1),
        ...outcomes('cape-cluster-name', 'kept-only', 7, 'kept'),
        ...outcomes('cape-cluster-name', 'dry', 6, 'would-delete'),
        ...outcomes('cape-cluster-name', null, 5),
        ...outcomes('cape-namespace', 'leaky', 8),
        ...outcomes('cape-cluster-name', 'b-tie', 2),
      ]);
      await store.addOutcomes(later.id, [
        ...outcomes('cape-cluster-name', 'leaky', 3),
        ...outcomes('cape-cluster-name', 'a-tie', 2),
      ]);
      await store.addOutcomes(
        otherTower.id,
        outcomes('cape-cluster-name', 'elsewhere', 20),
      );

      const top = (
        limit: number,
        towerId = 'prod-a',
        key = 'cape-cluster-name',
      ) => store.topDeletedValues({ towerId, key, since: at(-30), limit });
      expect(await top(10)).toEqual([
        { value: 'leaky', deleted: 7 },
        { value: 'a-tie', deleted: 2 },
        { value: 'b-tie', deleted: 2 },
        { value: 'calm', deleted: 1 },
      ]);
      expect(await top(2)).toEqual([
        { value: 'leaky', deleted: 7 },
        { value: 'a-tie', deleted: 2 },
      ]);
      expect(await top(10, 'prod-a', 'cape-namespace')).toEqual([
        { value: 'leaky', deleted: 8 },
      ]);
      expect(await top(10, 'nobody')).toEqual([]);
    },
  );
});
