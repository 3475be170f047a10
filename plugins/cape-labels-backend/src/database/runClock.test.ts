import {
  createStore,
  createTestDatabases,
  newRun,
} from './__testUtils__/testStore';

jest.setTimeout(60_000);

const databases = createTestDatabases();

describe('the clock recorded on a run', () => {
  it.each(databases.eachSupportedId())(
    '%p: absent until read, then in every summary',
    async databaseId => {
      const { store } = await createStore(databases, databaseId);
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
    },
  );
});
