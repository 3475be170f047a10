import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import { newRun } from './__testUtils__/testStore';

describeEachDatabase('the clock recorded on a run', itEach => {
  itEach('absent until read, then in every summary', async db => {
    const { store } = await db.store();
    const behind = await store.createRun(newRun('prod-a', 0));
    const local = await store.createRun(newRun('prod-b', 0));
    expect(behind.clock).toBeUndefined();
    expect((await store.getRun(behind.id))!.clock).toBeUndefined();

    await store.setRunClock(behind.id, {
      source: 'tower',
      skewMs: -7_200_400,
    });
    await store.setRunClock(local.id, { source: 'local', skewMs: null });

    const towerClock = { source: 'tower', skewMs: -7_200_400 };
    expect((await store.getRun(behind.id))!.clock).toEqual(towerClock);
    expect((await store.listRuns('prod-a', { limit: 1 }))[0].clock).toEqual(
      towerClock,
    );
    const last = await store.lastRuns(['prod-a', 'prod-b']);
    expect(last.get('prod-a')!.clock).toEqual(towerClock);
    expect(last.get('prod-b')!.clock).toEqual({
      source: 'local',
      skewMs: null,
    });
  });

  itEach('records that the cutoff was capped', async db => {
    const { store } = await db.store();
    const ahead = await store.createRun(newRun('prod-a', 0));
    const clock = {
      source: 'tower',
      skewMs: 172_800_000,
      capped: true,
    } as const;
    await store.setRunClock(ahead.id, clock);
    expect((await store.getRun(ahead.id))!.clock).toEqual(clock);
    expect((await store.lastRuns(['prod-a'])).get('prod-a')!.clock).toEqual(
      clock,
    );
  });
});
