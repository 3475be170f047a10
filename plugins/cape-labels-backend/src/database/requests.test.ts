import { mockServices } from '@backstage/backend-test-utils';
import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import { ZERO, at, newRun } from './__testUtils__/testStore';
import type { RunStore, SweepRequest } from './RunStore';
import { openRunStore } from './RunStore';

/**
 * Takes the Tower's oldest request as a start does, recording its run, and the next oldest when
 * another start took that one first: the request taken, or undefined.
 */
async function take(
  store: RunStore,
  towerId: string,
): Promise<SweepRequest | undefined> {
  for (;;) {
    const request = await store.nextRequest(towerId);
    if (!request) return undefined;
    const run = newRun(towerId, 0, { trigger: request.trigger });
    if (await store.takeRequest(request, run)) return request;
  }
}

describeEachDatabase('RunStore requests', itEach => {
  itEach('is a FIFO per Tower', async db => {
    const { store } = await db.store();
    expect((await store.nextRequest('prod-a')) !== undefined).toBe(false);
    expect(await take(store, 'prod-a')).toBeUndefined();

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

    expect((await store.nextRequest('prod-a')) !== undefined).toBe(true);
    expect(await take(store, 'prod-a')).toEqual(r1);
    expect(await take(store, 'prod-a')).toEqual(r2);
    expect(await take(store, 'prod-a')).toBeUndefined();
    expect((await store.nextRequest('prod-a')) !== undefined).toBe(false);
    expect((await store.nextRequest('prod-b')) !== undefined).toBe(true);
    expect(await take(store, 'prod-b')).toEqual(rb);
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
    expect(await take(store, 'prod-a')).toEqual(r2);
    expect((await store.nextRequest('prod-a')) !== undefined).toBe(false);
  });

  itEach('never hands one request to two takers', async db => {
    const { store, knex } = await db.store();
    // A second store on the same database stands in for another replica.
    const replica = await openRunStore({
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
        take(i % 2 ? replica : store, 'prod-a'),
      ),
    );
    const got = taken.filter(t => t !== undefined);
    expect(got).toHaveLength(3);
    expect(new Set(got.map(t => t!.id))).toEqual(
      new Set(queued.map(q => q.id)),
    );
    expect((await store.nextRequest('prod-a')) !== undefined).toBe(false);
    const [{ n }] = await knex('cape_labels_runs').count({ n: '*' });
    expect(Number(n)).toBe(3);
  });

  itEach(
    'a claimed request waits for the run that claimed it; once that run is no longer alive it is free again, and taken once',
    async db => {
      const { store, knex } = await db.store();
      const replica = await openRunStore({
        database: mockServices.database({ knex }),
      });
      const request = await store.enqueueRequest({
        towerId: 'prod-a',
        trigger: 'manual',
        requestedBy: 'user:default/jane',
        dryRun: true,
        requestedAt: at(0),
      });
      const scheduled = await store.createRun(newRun('prod-a', 0));
      expect(await store.claimRequest(request, scheduled.id)).toBe(true);
      expect(await replica.claimRequest(request, 'another-run')).toBe(false);
      expect(await store.nextRequest('prod-a')).toBeUndefined();
      expect((await store.nextRequest('prod-a')) !== undefined).toBe(false);
      expect(await store.cancelRequest(request.id)).toBe(false);

      jest.setSystemTime(at(1));
      const free = await replica.nextRequest('prod-a');
      expect(free).toEqual({ ...request, claimedBy: scheduled.id });
      expect((await store.nextRequest('prod-a')) !== undefined).toBe(true);

      const asked = newRun('prod-a', 1, { trigger: 'manual', dryRun: true });
      const taken = await Promise.all([
        store.takeRequest({ ...request, claimedBy: scheduled.id }, asked),
        replica.takeRequest(free!, asked),
        store.takeRequest(request, asked),
      ]);
      expect(taken.filter(run => run !== undefined)).toHaveLength(1);
      const runs = await knex('cape_labels_runs')
        .select('id')
        .where({ trigger: 'manual' });
      expect(runs).toHaveLength(1);
      expect(await store.nextRequest('prod-a')).toBeUndefined();
    },
  );

  itEach(
    'a request claimed by a run that ended without taking it is free again (the replica died between the two runs)',
    async db => {
      const { store } = await db.store();
      const request = await store.enqueueRequest({
        towerId: 'prod-a',
        trigger: 'event',
        dryRun: false,
        requestedAt: at(0),
      });
      const scheduled = await store.createRun(newRun('prod-a', 0));
      await store.claimRequest(request, scheduled.id);
      expect(await store.nextRequest('prod-a')).toBeUndefined();
      await store.finishRun(scheduled.id, {
        status: 'succeeded',
        finishedAt: at(0),
        counts: ZERO,
      });
      expect(await store.nextRequest('prod-a')).toEqual({
        ...request,
        claimedBy: scheduled.id,
      });
    },
  );
});
