import type { Knex } from 'knex';
import {
  createStore,
  createTestDatabases,
} from '../database/__testUtils__/testStore';
import { lockWaits } from '../database/__testUtils__/lockWaits';
import { OUTCOMES } from '../database/tables';
import { until } from '../__testUtils__/until';
import { createHarness, stoppedAfterEach } from './__testUtils__/sweepHarness';

const databases = createTestDatabases();

const PAGE_SIZE = 50;
const PAGES = 20;
const IN_FLIGHT = 4;
const SWEPT_KEYS = 3;

/**
 * On PostgreSQL a replica's sweep writes are bounded (half the pool) and queue behind one another:
 * a listing that waited for each page's record before asking the next page went at the pace of
 * the whole queue. The listing goes on while the store is slow, up to the batches in flight.
 */
describe('SweepRun: the listing beside the store (PostgreSQL)', () => {
  const make = stoppedAfterEach(createHarness);
  let locker: Knex.Transaction | undefined;
  afterEach(async () => {
    await locker?.rollback().catch(() => undefined);
    locker = undefined;
  });

  it('lists the next pages while the outcome writes of earlier ones wait', async () => {
    const { knex, store } = await createStore(databases, 'POSTGRES_15');
    const h = await make({
      sweeper: { store, pageSize: PAGE_SIZE, requestsInFlight: IN_FLIGHT },
    });
    // Young labels: every page is only kept outcomes to record, no candidate batch.
    h.sim.admin.createLabels(
      Array.from({ length: PAGE_SIZE * PAGES }, (_, i) => ({
        key: 'cape-vip',
        value: `10.1.${Math.floor(i / 250)}.${i % 250}`,
        createdAt: new Date().toISOString(),
      })),
    );
    const listed = () =>
      h.sim.admin.requestLog().filter(e => e.rootFields.includes('labels'))
        .length;

    locker = await knex.transaction();
    await locker.raw(`lock table ${OUTCOMES} in exclusive mode`);
    const sweep = h.sweep();
    await until(
      () => lockWaits(knex),
      waiting => waiting > 0,
    );
    await new Promise(resolve => setTimeout(resolve, 1000));
    const listedWhileBlocked = listed();
    await locker.commit();
    const run = await sweep;

    // One chain per swept key: each key's first page, then pages of the seeded key ahead of the
    // writes (waiting for its first record, the listing had stopped at one page and one prefetched).
    expect(listedWhileBlocked).toBeGreaterThanOrEqual(SWEPT_KEYS + IN_FLIGHT);
    expect(run).toMatchObject({
      status: 'succeeded',
      counts: { scanned: PAGE_SIZE * PAGES, kept: PAGE_SIZE * PAGES },
    });
    expect(await h.outcomes(run.id)).toHaveLength(PAGE_SIZE * PAGES);
  });
});
