import { NotFoundError } from '@backstage/errors';
import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import {
  ZERO,
  at,
  finished,
  newRun,
  SETTINGS,
} from './__testUtils__/testStore';

describeEachDatabase('RunStore runs', itEach => {
  itEach("exposes the stores' methods only, not their helpers", async db => {
    const { store } = await db.store();
    for (const helper of [
      'insertRun',
      'forget',
      'filteredOutcomes',
      'newestRows',
    ])
      expect(store).not.toHaveProperty(helper);
    for (const method of Object.values(store))
      expect(method).toEqual(expect.any(Function));
    const run = await store.createRun(newRun('prod-a', 0));
    const { iterateOutcomes } = store;
    for await (const page of iterateOutcomes(run.id, {}, 10))
      expect(page).toEqual([]);
  });

  itEach('creates, updates, finishes and reads runs', async db => {
    const { store } = await db.store();
    const created = await store.createRun(
      newRun('prod-a', 0, {
        trigger: 'manual',
        requestedBy: 'user:default/jane',
        dryRun: true,
      }),
    );
    expect(created).toEqual({
      id: expect.any(String),
      towerId: 'prod-a',
      trigger: 'manual',
      requestedBy: 'user:default/jane',
      dryRun: true,
      status: 'running',
      startedAt: '2026-11-30T00:00:00.000Z',
      finishedAt: null,
      durationMs: null,
      counts: ZERO,
      keptByReason: {},
      instance: 'replica-1',
    });
    expect(await store.getRun(created.id)).toEqual({
      ...created,
      settings: SETTINGS,
    });

    const progress = {
      scanned: 10,
      candidates: 4,
      deleted: 1,
      wouldDelete: 0,
      kept: 2,
      failed: 0,
    };
    await store.updateRunCounts(created.id, progress);
    expect((await store.getRun(created.id))?.counts).toEqual(progress);

    const counts = {
      scanned: 100,
      candidates: 40,
      deleted: 30,
      wouldDelete: 0,
      kept: 60,
      failed: 10,
    };
    const done = await store.finishRun(created.id, {
      status: 'partial',
      finishedAt: new Date(Date.parse('2026-11-30T00:01:02.345Z')),
      counts,
      error: { message: 'Tower said no', code: 'TOWER_ERROR' },
    });
    expect(done).toEqual({
      ...created,
      status: 'partial',
      finishedAt: '2026-11-30T00:01:02.345Z',
      durationMs: 62_345,
      counts,
      error: { message: 'Tower said no', code: 'TOWER_ERROR' },
    });
    expect(await store.getRun(created.id)).toEqual({
      ...done,
      settings: SETTINGS,
    });

    const plain = await store.createRun(newRun('prod-a', 5));
    expect(plain.requestedBy).toBeUndefined();
    const failed = await store.finishRun(plain.id, {
      status: 'failed',
      finishedAt: at(6),
      counts: ZERO,
      error: { message: 'boom' },
    });
    expect(failed.error).toEqual({ message: 'boom' });
    expect(failed.requestedBy).toBeUndefined();
    expect(failed.id).not.toEqual(created.id);

    expect(await store.getRun('no-such-run')).toBeUndefined();
    await expect(
      store.updateRunCounts('no-such-run', ZERO),
    ).resolves.toBeUndefined();
    await expect(
      store.finishRun('no-such-run', {
        status: 'failed',
        finishedAt: at(1),
        counts: ZERO,
      }),
    ).rejects.toThrow(NotFoundError);
  });

  itEach('lists runs newest first with keyset pagination', async db => {
    const { store } = await db.store();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push((await finished(store, 'prod-a', i * 10)).id);
      await finished(store, 'prod-b', i * 10);
    }
    const newestFirst = [...ids].reverse();

    const all = await store.listRuns('prod-a', { limit: 100 });
    expect(all.map(r => r.id)).toEqual(newestFirst);
    expect(all.every(r => r.towerId === 'prod-a')).toBe(true);

    const page1 = await store.listRuns('prod-a', { limit: 3 });
    expect(page1.map(r => r.id)).toEqual(newestFirst.slice(0, 3));
    const page2 = await store.listRuns('prod-a', {
      limit: 3,
      before: page1[2].id,
    });
    expect(page2.map(r => r.id)).toEqual(newestFirst.slice(3, 6));
    const page3 = await store.listRuns('prod-a', {
      limit: 3,
      before: page2[2].id,
    });
    expect(page3.map(r => r.id)).toEqual(newestFirst.slice(6));
    expect(
      await store.listRuns('prod-a', { limit: 3, before: page3[0].id }),
    ).toEqual([]);

    await expect(
      store.listRuns('prod-a', { limit: 3, before: 'unknown' }),
    ).rejects.toThrow(new NotFoundError("No run 'unknown' of Tower 'prod-a'"));
    // A run of another Tower is not a valid cursor for this one.
    const other = (await store.listRuns('prod-b', { limit: 1 }))[0];
    await expect(
      store.listRuns('prod-a', { limit: 3, before: other.id }),
    ).rejects.toThrow(NotFoundError);
    expect(await store.listRuns('nowhere', { limit: 3 })).toEqual([]);
  });

  itEach('finds the last run of each Tower and the running ones', async db => {
    jest.setSystemTime(at(200));
    const { store } = await db.store();
    for (let i = 0; i < 5; i++) {
      await finished(store, 'prod-a', i);
      await finished(store, 'prod-b', i);
    }
    const lastB = await finished(store, 'prod-b', 100);
    const runningA = await store.createRun(newRun('prod-a', 200));
    await finished(store, 'prod-c', 300);

    const last = await store.lastRuns(['prod-a', 'prod-b', 'prod-d']);
    expect([...last.keys()].sort()).toEqual(['prod-a', 'prod-b']);
    expect(last.get('prod-a')).toEqual(runningA);
    expect(last.get('prod-b')).toEqual(lastB);
    expect((await store.lastRuns([])).size).toBe(0);

    expect(await store.runningTowers(['prod-a', 'prod-b', 'prod-c'])).toEqual(
      new Set(['prod-a']),
    );
    expect(await store.runningTowers(['prod-b'])).toEqual(new Set());
    expect(await store.runningTowers([])).toEqual(new Set());
  });
});
