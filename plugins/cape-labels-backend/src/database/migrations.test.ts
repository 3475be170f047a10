import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import { databaseService } from './__testUtils__/testStore';
import { createRunStore, migrationsDirectory } from './RunStore';

const TABLES = [
  'cape_labels_notified_health',
  'cape_labels_runs',
  'cape_labels_outcomes',
  'cape_labels_sightings',
  'cape_labels_requests',
  'cape_labels_pending_deletes',
];

describeEachDatabase('migrations', itEach => {
  itEach('run twice, skip on request and roll back', async db => {
    const knex = await db.knex();

    await createRunStore({
      database: { getClient: async () => knex, migrations: { skip: true } },
    });
    expect(await knex.schema.hasTable('cape_labels_runs')).toBe(false);
    await createRunStore({
      database: databaseService(knex),
      skipMigrations: true,
    });
    expect(await knex.schema.hasTable('cape_labels_runs')).toBe(false);

    await createRunStore({ database: databaseService(knex) });
    const store = await createRunStore({
      database: databaseService(knex),
    });
    for (const table of TABLES) {
      expect(await knex.schema.hasTable(table)).toBe(true);
    }
    await store.enqueueRequest({
      towerId: 'prod-a',
      trigger: 'manual',
      dryRun: false,
      requestedAt: new Date(),
    });

    await knex.migrate.rollback({ directory: migrationsDirectory() }, true);
    for (const table of TABLES) {
      expect(await knex.schema.hasTable(table)).toBe(false);
    }
    await knex.migrate.latest({ directory: migrationsDirectory() });
    expect(await store.hasPendingRequest('prod-a')).toBe(false);
  });
});
