import { mockServices } from '@backstage/backend-test-utils';
import knexFactory, { type Knex } from 'knex';
import { openRunStore } from './RunStore';
import { createTestDatabases, newRun, ZERO } from './__testUtils__/testStore';
import { setTimeout as sleep } from 'node:timers/promises';
import { until } from '../__testUtils__/until';
import { lockWaits } from './__testUtils__/lockWaits';

// PostgreSQL: SQLite's pool is one connection, which the gate (half of it, at least 1) shares.
describe("sweeps' bulk writes on PostgreSQL", () => {
  const databases = createTestDatabases();
  jest.setTimeout(60_000);

  it('take at most half the pool: a read finds a connection while every write is stuck', async () => {
    const knex = await databases.init('POSTGRES_15');
    const small = knexFactory({
      ...(knex.client.config as Knex.Config),
      pool: { min: 0, max: 4 },
    });
    try {
      const store = await openRunStore({
        database: mockServices.database({ knex: small }),
      });
      const run = await store.createRun(newRun('prod-a', 0));
      // Another session holds the run's row: every count update of the run waits for it.
      const blocker = await knex.transaction();
      await blocker('cape_labels_runs').where({ id: run.id }).forUpdate();
      const writes = Array.from({ length: 4 }, () =>
        store.updateRunCounts(run.id, ZERO),
      );
      await until(
        () => lockWaits(knex),
        n => n >= 2,
      );
      const read = store.lastRuns(['prod-a']).then(() => 'answered');
      const first = await Promise.race([
        read,
        sleep(3000).then(() => 'still waiting for a connection'),
      ]);
      // Two writes hold a connection each and wait for the lock; two wait for the gate.
      expect(await lockWaits(knex)).toBe(2);
      expect(first).toBe('answered');
      await blocker.commit();
      await Promise.all(writes);
      await read;
    } finally {
      await small.destroy();
    }
  });
});
