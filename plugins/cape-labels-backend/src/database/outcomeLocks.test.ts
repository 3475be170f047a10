import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import {
  at,
  createStore,
  createTestDatabases,
  newRun,
} from './__testUtils__/testStore';
import { until } from '../__testUtils__/until';
import { lockWaits } from './__testUtils__/lockWaits';

function label(id: string, action: 'deleted' | 'kept'): LabelOutcome {
  return {
    labelId: id,
    key: 'cape-vip',
    value: null,
    createdAt: at(-60).toISOString(),
    action,
    ...(action === 'kept' ? { reason: 'count-nonzero' as const } : {}),
  };
}

// PostgreSQL only: SQLite has one writer at a time by design.
describe('outcome writes of one run on PostgreSQL', () => {
  const databases = createTestDatabases();
  jest.setTimeout(60_000);

  it("a batch held up by a lock does not hold up the run's other batches", async () => {
    const { knex, store } = await createStore(databases, 'POSTGRES_15');
    const run = await store.createRun(newRun('prod-a', 0));
    const pending = await store.writePendingDeletes('prod-a', run.id, [
      label('a1', 'deleted'),
    ]);
    // Another session holds the pending delete the first batch resolves.
    const blocker = await knex.transaction();
    await blocker('cape_labels_pending_delete_batches')
      .select('id')
      .where({ id: pending })
      .forUpdate();

    const first = store.addOutcomes(run.id, [label('a1', 'deleted')], pending);
    expect(
      await until(
        () => lockWaits(knex),
        n => n > 0,
      ),
    ).toBe(1);
    let secondDone = false;
    const second = store.addOutcomes(run.id, [label('b1', 'kept')]).then(() => {
      secondDone = true;
    });
    const doneWhileHeldUp = await until(
      async () => secondDone,
      done => done,
      5_000,
    );
    await blocker.commit();
    await Promise.all([first, second]);

    expect(doneWhileHeldUp).toBe(true);
    const recorded = await store.getRun(run.id);
    expect(recorded?.keptByReason).toEqual({ 'count-nonzero': 1 });
    const { items, total } = await store.listOutcomes(run.id, {
      limit: 10,
      offset: 0,
    });
    expect(total).toBe(2);
    expect(items.map(o => o.labelId)).toEqual(['a1', 'b1']);
    expect(await store.listPendingDeletes('prod-a')).toEqual([]);
  });
});
