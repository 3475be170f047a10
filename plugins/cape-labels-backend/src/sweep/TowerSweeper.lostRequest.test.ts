import type { RunStore } from '../database/RunStore';
import {
  createStore,
  createTestDatabases,
} from '../database/__testUtils__/testStore';
import { createHarness, stoppedAfterEach } from './__testUtils__/sweepHarness';

jest.setTimeout(60_000);

/**
 * A store that can be frozen: every call made while frozen waits until it thaws, as a replica's
 * would while its process is stopped (or cut off): nothing it writes, its heartbeat included,
 * reaches the database meanwhile.
 */
function freezable(store: RunStore) {
  let thawed: Promise<void> | undefined;
  let thaw = () => {};
  const frozen = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await thawed;
        return value.apply(target, args);
      };
    },
  });
  return {
    store: frozen,
    freeze() {
      thawed = new Promise(resolve => {
        thaw = resolve;
      });
    },
    thaw() {
      thawed = undefined;
      thaw();
    },
    /** Resolves once thawed. */
    get thawed(): Promise<void> | undefined {
      return thawed;
    },
  };
}

describe('TowerSweeper: a request taken by a start that first runs a due scheduled sweep', () => {
  const make = stoppedAfterEach(createHarness);
  const databases = createTestDatabases();

  it('runs once, on another replica, when the replica that took it dies during the scheduled sweep; once even if that replica comes back', async () => {
    const { store: database } = await createStore(databases, 'SQLITE_3');
    const replicaA = freezable(database);
    let frozen = false;
    const h = await make({
      sweeper: { store: replicaA.store },
      wrapClient: client => ({
        readLabelRelations: async signal => {
          if (!frozen) {
            frozen = true;
            replicaA.freeze();
            await replicaA.thawed;
          }
          return client.readLabelRelations(signal);
        },
      }),
    });
    const sweeperA = h.sweeper;
    await h.request({ requestedBy: 'user:default/alice' });
    const tickOfA = sweeperA.runTask(new AbortController().signal);
    while (!frozen) await new Promise(r => setTimeout(r, 20));

    h.configure({ sweeper: { store: database } });
    await h.sweeper.runTask(new AbortController().signal);
    const asked = async () =>
      (await database.listRuns(h.tower.id, { limit: 20 })).filter(
        r => r.requestedBy === 'user:default/alice',
      );
    const onB = await asked();
    expect(onB).toHaveLength(1);
    expect(onB[0]).toMatchObject({
      trigger: 'manual',
      dryRun: true,
      status: 'succeeded',
    });
    expect((await database.nextRequest(h.tower.id)) !== undefined).toBe(false);

    replicaA.thaw();
    await tickOfA;
    expect((await asked()).map(r => r.id)).toEqual([onB[0].id]);
  });
});
