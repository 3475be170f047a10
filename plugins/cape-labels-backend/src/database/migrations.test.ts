import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import { SETTINGS, at, databaseService } from './__testUtils__/testStore';
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

describeEachDatabase(
  'migrations 20261202000000_run_counters and 20261202000100_outcome_rows',
  itEach => {
    itEach(
      'backfill the would-delete, kept-per-reason and listed-row counts of existing runs from their outcomes',
      async db => {
        const knex = await db.knex('20261130000000_init.js');
        const run = (id: string, dryRun: boolean) => ({
          id,
          tower_id: 'prod-a',
          trigger: 'schedule',
          dry_run: dryRun,
          status: 'succeeded',
          started_at: at(0).getTime(),
          instance: 'replica-1',
          settings: JSON.stringify(SETTINGS),
        });
        await knex('cape_labels_runs').insert([
          run('dry', true),
          run('real', false),
          run('empty', false),
        ]);
        const rows: Array<[string, string, string | null]> = [
          ['dry', 'would-delete', null],
          ['dry', 'would-delete', null],
          ['dry', 'kept', 'young'],
          ['real', 'deleted', null],
          ['real', 'kept', 'count-nonzero'],
          ['real', 'kept', 'count-nonzero'],
          ['real', 'kept', 'referenced'],
          ['real', 'failed', 'error'],
        ];
        await knex('cape_labels_outcomes').insert(
          rows.map(([runId, action, reason], seq) => ({
            run_id: runId,
            seq: seq + 1,
            label_id: `l${seq}`,
            key: 'cape-vip',
            created_at: at(-1).toISOString(),
            action,
            reason,
          })),
        );

        const store = await createRunStore({ database: databaseService(knex) });
        const summary = async (id: string) => {
          const r = await store.getRun(id);
          return [r?.counts.wouldDelete, r?.keptByReason];
        };
        expect(await summary('dry')).toEqual([2, { young: 1 }]);
        expect(await summary('real')).toEqual([
          0,
          { 'count-nonzero': 2, referenced: 1 },
        ]);
        expect(await summary('empty')).toEqual([0, {}]);
        const page = await store.listOutcomes('real', { limit: 10, offset: 0 });
        expect([page.total, page.countedOnly]).toEqual([5, []]);
        expect(
          (await store.listOutcomes('dry', { limit: 10, offset: 0 })).total,
        ).toBe(3);
      },
    );
  },
);
