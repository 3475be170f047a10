import { NotFoundError } from '@backstage/errors';
import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { at, newRun } from './__testUtils__/testStore';

const ACTIONS = ['deleted', 'kept', 'kept', 'would-delete', 'failed'] as const;

function outcome(n: number): LabelOutcome {
  const action = ACTIONS[n % ACTIONS.length];
  return {
    labelId: `label-${n}`,
    key: 'cape-cluster-name',
    value: n % 7 === 0 ? null : `cluster-${n}`,
    createdAt: at(-n).toISOString(),
    action,
    ...(action === 'kept' ? { reason: 'referenced' as const } : {}),
    ...(action === 'failed' ? { reason: 'error' as const } : {}),
  };
}

describeEachDatabase('RunStore outcomes', itEach => {
  itEach('stores thousands of outcomes and pages through them', async db => {
    const { store, run } = await db.storeWithRun();
    const other = await store.createRun(newRun('prod-b', 0));
    const all = Array.from({ length: 2_600 }, (_, n) => outcome(n));

    // Two calls: numbering continues after the first batch.
    await store.addOutcomes(run.id, all.slice(0, 1_100));
    await store.addOutcomes(run.id, all.slice(1_100));
    await store.addOutcomes(run.id, []);
    await store.addOutcomes(other.id, all.slice(0, 10));

    const first = await store.listOutcomes(run.id, { limit: 100, offset: 0 });
    expect(first.total).toBe(2_600);
    expect(first.items).toEqual(all.slice(0, 100));
    expect(first.items[0]).not.toHaveProperty('reason');

    const middle = await store.listOutcomes(run.id, {
      limit: 100,
      offset: 1_050,
    });
    expect(middle.items).toEqual(all.slice(1_050, 1_150));

    const tail = await store.listOutcomes(run.id, {
      limit: 100,
      offset: 2_550,
    });
    expect(tail).toEqual({
      items: all.slice(2_550),
      total: 2_600,
      countedOnly: [],
    });

    const kept = all.filter(o => o.action === 'kept');
    const keptPage = await store.listOutcomes(run.id, {
      limit: 50,
      offset: 20,
      action: 'kept',
    });
    expect(keptPage.total).toBe(kept.length);
    expect(keptPage.items).toEqual(kept.slice(20, 70));

    for (const action of ['deleted', 'would-delete', 'failed'] as const) {
      const page = await store.listOutcomes(run.id, {
        limit: 1000,
        offset: 0,
        action,
      });
      const expected = all.filter(o => o.action === action);
      expect(page.total).toBe(expected.length);
      expect(page.items).toEqual(expected);
    }

    expect(
      (await store.listOutcomes(other.id, { limit: 100, offset: 0 })).total,
    ).toBe(10);
    await expect(
      store.listOutcomes('no-such-run', { limit: 10, offset: 0 }),
    ).rejects.toThrow(NotFoundError);
    expect(
      await store.listOutcomes(run.id, {
        limit: 10,
        offset: 5_000,
        action: 'deleted',
      }),
    ).toEqual({
      items: [],
      total: all.filter(o => o.action === 'deleted').length,
      countedOnly: [],
    });
  });

  itEach('keeps awkward strings intact', async db => {
    const { store, run } = await db.storeWithRun();
    const awkward: LabelOutcome[] = [
      'plain',
      'with "quotes", commas, {braces}',
      "back\\slash \\\" and 'single'",
      'NULL',
      '',
      'ünïcødé ✓ 集群',
    ].map((value, n) => ({
      labelId: `id-${n},{x}`,
      key: `cape-namespace ${value}`,
      value,
      createdAt: at(n).toISOString(),
      action: 'would-delete',
    }));
    awkward.push({ ...awkward[0], labelId: 'null-value', value: null });
    await store.addOutcomes(run.id, awkward);
    const { items } = await store.listOutcomes(run.id, {
      limit: 100,
      offset: 0,
    });
    expect(items).toEqual(awkward);
  });
});
