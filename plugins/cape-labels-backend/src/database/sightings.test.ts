import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { at } from './__testUtils__/testStore';

function kept(labelId: string, reason: LabelOutcome['reason']): LabelOutcome {
  return {
    labelId,
    key: 'cape-vip',
    value: null,
    createdAt: at(0).toISOString(),
    action: 'kept',
    reason,
  };
}

describeEachDatabase('RunStore sightings', itEach => {
  itEach('keeps first-seen, moves last-seen and prunes', async db => {
    const { store, knex } = await db.store();
    const many = Array.from({ length: 1_200 }, (_, n) => `label-${n}`);

    expect((await store.getSightings('prod-a', many)).size).toBe(0);
    await store.addSightings('prod-a', [...many, 'label-0'], at(0));
    await store.addSightings('prod-a', [], at(0));
    await store.addSightings('prod-b', ['label-0'], at(5));

    const first = await store.getSightings('prod-a', many);
    expect(first.size).toBe(1_200);
    expect(first.get('label-1199')).toEqual(at(0));

    // Seen again later: first-seen stays, last-seen moves.
    await store.addSightings('prod-a', ['label-0', 'label-1', 'new-1'], at(60));
    const second = await store.getSightings('prod-a', [
      'label-0',
      'new-1',
      'unknown',
    ]);
    expect(second).toEqual(
      new Map([
        ['label-0', at(0)],
        ['new-1', at(60)],
      ]),
    );
    const row = await knex('cape_labels_sightings')
      .where({ tower_id: 'prod-a', label_id: 'label-0' })
      .first();
    expect(Number(row.last_seen_at)).toBe(at(60).getTime());

    // Not seen since minute 0: forgotten.
    await store.pruneSightings('prod-a', at(30));
    const left = await store.getSightings('prod-a', [...many, 'new-1']);
    expect([...left.keys()].sort()).toEqual(['label-0', 'label-1', 'new-1']);
    expect(
      (await store.getSightings('prod-b', ['label-0'])).get('label-0'),
    ).toEqual(at(5));

    expect((await store.getSightings('prod-a', [])).size).toBe(0);
  });

  itEach(
    'recording a label seen in use forgets its sighting in the same write',
    async db => {
      const { store, run } = await db.storeWithRun();
      const ids = ['ref', 'count', 'young', 'unconfirmed', 'cap', 'raced'];
      await store.addSightings('prod-a', ids, at(0));
      await store.addSightings('prod-b', ['ref'], at(0));

      await store.addOutcomes(run.id, [
        kept('ref', 'referenced'),
        kept('count', 'count-nonzero'),
        kept('young', 'young'),
        kept('unconfirmed', 'unconfirmed'),
        kept('cap', 'cap'),
        kept('raced', 'raced'),
      ]);

      const left = await store.getSightings('prod-a', ids);
      expect([...left.keys()].sort()).toEqual(['cap', 'raced', 'unconfirmed']);
      // Another Tower's sighting of the same id is not this run's business.
      expect((await store.getSightings('prod-b', ['ref'])).size).toBe(1);
    },
  );
});
