import { mockServices } from '@backstage/backend-test-utils';
import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import { at } from './__testUtils__/testStore';
import { DatabaseRunStore } from './DatabaseRunStore';

describeEachDatabase('RunStore requests', itEach => {
  itEach('is a FIFO per Tower', async db => {
    const { store } = await db.store();
    expect(await store.hasPendingRequest('prod-a')).toBe(false);
    expect(await store.takeRequest('prod-a')).toBeUndefined();

    const r1 = await store.enqueueRequest({
      towerId: 'prod-a',
      trigger: 'manual',
      requestedBy: 'user:default/jane',
      dryRun: true,
      requestedAt: at(1),
    });
    expect(r1).toEqual({
      id: expect.any(String),
      towerId: 'prod-a',
      trigger: 'manual',
      requestedBy: 'user:default/jane',
      dryRun: true,
      requestedAt: at(1),
    });
    const r2 = await store.enqueueRequest({
      towerId: 'prod-a',
      trigger: 'event',
      dryRun: false,
      requestedAt: at(2),
    });
    expect(r2).not.toHaveProperty('requestedBy');
    const rb = await store.enqueueRequest({
      towerId: 'prod-b',
      trigger: 'event',
      dryRun: false,
      requestedAt: at(0),
    });

    expect(await store.hasPendingRequest('prod-a')).toBe(true);
    expect(await store.takeRequest('prod-a')).toEqual(r1);
    expect(await store.takeRequest('prod-a')).toEqual(r2);
    expect(await store.takeRequest('prod-a')).toBeUndefined();
    expect(await store.hasPendingRequest('prod-a')).toBe(false);
    expect(await store.hasPendingRequest('prod-b')).toBe(true);
    expect(await store.takeRequest('prod-b')).toEqual(rb);
  });

  itEach('cancels a request by id', async db => {
    const { store } = await db.store();
    const base = {
      towerId: 'prod-a',
      trigger: 'manual',
      dryRun: false,
    } as const;
    const r1 = await store.enqueueRequest({ ...base, requestedAt: at(1) });
    const r2 = await store.enqueueRequest({ ...base, requestedAt: at(2) });
    expect(await store.cancelRequest(r1.id)).toBe(true);
    expect(await store.cancelRequest('no-such-request')).toBe(false);
    expect(await store.takeRequest('prod-a')).toEqual(r2);
    expect(await store.hasPendingRequest('prod-a')).toBe(false);
  });

  itEach('never hands one request to two takers', async db => {
    const { store, knex } = await db.store();
    // A second store on the same database stands in for another replica.
    const replica = await DatabaseRunStore.create({
      database: mockServices.database({ knex }),
    });
    const queued = [];
    for (let i = 0; i < 3; i++) {
      queued.push(
        await store.enqueueRequest({
          towerId: 'prod-a',
          trigger: 'manual',
          dryRun: false,
          requestedAt: at(i),
        }),
      );
    }
    const taken = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? replica : store).takeRequest('prod-a'),
      ),
    );
    const got = taken.filter(t => t !== undefined);
    expect(got).toHaveLength(3);
    expect(new Set(got.map(t => t!.id))).toEqual(
      new Set(queued.map(q => q.id)),
    );
    expect(await store.hasPendingRequest('prod-a')).toBe(false);
  });
});
