import {
  createTestDatabases,
  databaseService,
} from './__testUtils__/testStore';
import { DatabaseRunStore, migrationsDirectory } from './DatabaseRunStore';

jest.setTimeout(60_000);

const databases = createTestDatabases();

const TABLES = [
  'cape_labels_notified_health',
  'cape_labels_runs',
  'cape_labels_outcomes',
  'cape_labels_sightings',
  'cape_labels_requests',
  'cape_labels_pending_deletes',
];

describe('migrations', () => {
  it.each(databases.eachSupportedId())(
    'run twice, skip on request and roll back, %p',
    async databaseId => {
      const knex = await databases.init(databaseId);

      await DatabaseRunStore.create({
        database: { getClient: async () => knex, migrations: { skip: true } },
      });
      expect(await knex.schema.hasTable('cape_labels_runs')).toBe(false);
      await DatabaseRunStore.create({
        database: databaseService(knex),
        skipMigrations: true,
      });
      expect(await knex.schema.hasTable('cape_labels_runs')).toBe(false);

      await DatabaseRunStore.create({ database: databaseService(knex) });
      const store = await DatabaseRunStore.create({
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
    },
  );
});
