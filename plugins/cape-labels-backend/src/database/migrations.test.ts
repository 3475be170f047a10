import { mockServices } from '@backstage/backend-test-utils';
import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import { SETTINGS, at, newRun } from './__testUtils__/testStore';
import { openRunStore } from './RunStore';
import { migrationsDirectory } from './storeConnection';

const TABLES = [
  'cape_labels_notified_health',
  'cape_labels_runs',
  'cape_labels_outcomes',
  'cape_labels_sightings',
  'cape_labels_requests',
  'cape_labels_pending_delete_batches',
  'cape_labels_login_backoffs',
];

describeEachDatabase('migrations', itEach => {
  itEach('run twice, skip on request and roll back', async db => {
    const knex = await db.knex();

    await openRunStore({
      database: mockServices.database({ knex, migrations: { skip: true } }),
    });
    expect(await knex.schema.hasTable('cape_labels_runs')).toBe(false);

    await openRunStore({
      database: mockServices.database({ knex }),
    });
    const store = await openRunStore({
      database: mockServices.database({ knex }),
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
    expect((await store.nextRequest('prod-a')) !== undefined).toBe(false);
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

        const store = await openRunStore({
          database: mockServices.database({ knex }),
        });
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

describeEachDatabase(
  'migration 20261203000000_pending_delete_batches',
  itEach => {
    itEach(
      'carries pending deletes over, one row per run, and back on rollback',
      async db => {
        const knex = await db.knex();
        const store = await openRunStore({
          database: mockServices.database({ knex }),
        });
        const runA = await store.createRun(newRun('prod-a', 0));
        const runB = await store.createRun(newRun('prod-a', 1));
        const label = (id: string, value: string | null) => ({
          labelId: id,
          key: 'cape-vip',
          value,
          createdAt: at(-1).toISOString(),
          action: 'deleted' as const,
        });
        await store.writePendingDeletes('prod-a', runA.id, [
          label('a2', 'v'),
          label('a1', null),
        ]);
        await store.writePendingDeletes('prod-a', runA.id, [label('a3', 'w')]);
        await store.writePendingDeletes('prod-a', runB.id, [label('b1', 'x')]);
        // Both runs an hour silent: their write-ahead rows are listed.
        jest.setSystemTime(at(60));
        const before = await store.listPendingDeletes('prod-a');
        expect(before.map(p => p.label.labelId)).toEqual([
          'a1',
          'a2',
          'a3',
          'b1',
        ]);

        // Later migrations touch other tables: this one alone is rolled back.
        await knex.migrate.down({
          directory: migrationsDirectory(),
          name: '20261203000000_pending_delete_batches.js',
        });
        expect(
          await knex('cape_labels_pending_deletes')
            .select('run_id', 'label_id', 'value')
            .orderBy('label_id'),
        ).toEqual([
          { run_id: runA.id, label_id: 'a1', value: null },
          { run_id: runA.id, label_id: 'a2', value: 'v' },
          { run_id: runA.id, label_id: 'a3', value: 'w' },
          { run_id: runB.id, label_id: 'b1', value: 'x' },
        ]);

        await knex.migrate.latest({ directory: migrationsDirectory() });
        expect(await knex.schema.hasTable('cape_labels_pending_deletes')).toBe(
          false,
        );
        expect(
          await knex('cape_labels_pending_delete_batches').select('run_id'),
        ).toHaveLength(2);
        expect(await store.listPendingDeletes('prod-a')).toEqual(before);
      },
    );
  },
);

describeEachDatabase('migration 20261204000000_label_relations', itEach => {
  itEach(
    'keeps the relations a run checked and the relation of a referenced label, and drops both on rollback',
    async db => {
      const knex = await db.knex();
      const store = await openRunStore({
        database: mockServices.database({ knex }),
      });
      const run = await store.createRun(newRun('prod-a', 0));
      await store.setRunRelations(run.id, {
        source: 'probe',
        checked: ['vms', 'vm_snapshots'],
      });
      await store.addOutcomes(run.id, [
        {
          labelId: 'l1',
          key: 'cape-vip',
          value: 'v',
          createdAt: at(-1).toISOString(),
          action: 'kept',
          reason: 'referenced',
          relation: 'vm_snapshots',
        },
      ]);
      expect((await store.getRun(run.id))?.relations).toEqual({
        source: 'probe',
        checked: ['vms', 'vm_snapshots'],
      });
      // What a run records since issue 35 goes in the same column, and reads back whole.
      const later = await store.createRun(newRun('prod-a', 1));
      const recorded = {
        source: 'probe' as const,
        checked: ['vms', 'vm_volume_snapshots'],
        foundBy: {
          vms: 'probe' as const,
          vm_volume_snapshots: 'unclear' as const,
        },
        readDirectly: ['audit_events'],
        lackingBuiltIn: ['gpu_devices'],
        beyondBuiltIn: [],
      };
      await store.setRunRelations(later.id, recorded);
      expect((await store.getRun(later.id))?.relations).toEqual(recorded);
      expect(
        (await store.listOutcomes(run.id, { limit: 10, offset: 0 })).items[0]
          .relation,
      ).toBe('vm_snapshots');

      await knex.migrate.down({
        directory: migrationsDirectory(),
        name: '20261204000000_label_relations.js',
      });
      expect(await knex.schema.hasColumn('cape_labels_runs', 'relations')).toBe(
        false,
      );
      expect(
        await knex.schema.hasColumn('cape_labels_outcomes', 'relation'),
      ).toBe(false);
    },
  );
});

describeEachDatabase('migration 20261205000100_request_claims', itEach => {
  itEach(
    'leaves a request an older release queued free to take, lets an older release take one by deleting its row, and drops the claims on rollback',
    async db => {
      const knex = await db.knex();
      const name = '20261205000100_request_claims.js';
      await knex.migrate.latest({ directory: migrationsDirectory() });
      await knex.migrate.down({ directory: migrationsDirectory(), name });
      const olderRow = (id: string) => ({
        id,
        tower_id: 'prod-a',
        trigger: 'manual',
        requested_by: 'user:default/jane',
        dry_run: false,
        requested_at: at(0).getTime(),
      });
      await knex('cape_labels_requests').insert(olderRow('queued-before'));

      const store = await openRunStore({
        database: mockServices.database({ knex }),
      });
      expect(await store.nextRequest('prod-a')).toMatchObject({
        id: 'queued-before',
        requestedBy: 'user:default/jane',
      });
      expect(await store.nextRequest('prod-a')).not.toHaveProperty('claimedBy');
      await knex('cape_labels_requests').insert(olderRow('queued-beside'));
      expect(
        await knex('cape_labels_requests')
          .where({ id: 'queued-before' })
          .delete(),
      ).toBe(1);
      expect((await store.nextRequest('prod-a'))?.id).toBe('queued-beside');

      await knex.migrate.down({ directory: migrationsDirectory(), name });
      expect(
        await knex.schema.hasColumn('cape_labels_requests', 'claimed_by'),
      ).toBe(false);
    },
  );
});
