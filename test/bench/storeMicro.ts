/* eslint-disable no-console */
/**
 * Same-run before/after of the two store changes made after profiling (the "before" forms are
 * copied here verbatim, so the comparison needs no second checkout):
 * - addOutcomes on SQLite: knex multi-row insert in 500-row chunks (before) vs the plugin's
 *   current json_each insert;
 * - lastRuns on PostgreSQL for 10 Towers over 10,000 runs: UNION ALL of max(seq) (before) vs the
 *   plugin's current LATERAL join.
 *
 *   node -r @backstage/cli/config/nodeTransform.cjs test/bench/storeMicro.ts
 */
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { openRunStore } from '../../plugins/cape-labels-backend/src/database/RunStore';
import { newRun } from '../../plugins/cape-labels-backend/src/database/__testUtils__/testStore';
import { openDatabase } from './benchDatabase';
import {
  environment,
  fmt,
  loadavg,
  pct,
  printEnd,
  runMain,
  table,
} from './common';

function outcomeRows(runId: string, n: number, offset: number) {
  return Array.from({ length: n }, (_, i) => ({
    run_id: runId,
    seq: offset + i + 1,
    label_id: `c${String(offset + i).padStart(24, '0')}`,
    key: 'cape-cluster-name',
    value: `cluster-${i % 50}`,
    created_at: '2026-11-01T00:00:00.000Z',
    action: 'deleted',
    reason: null,
  }));
}

async function sqliteOutcomes(rounds: number) {
  const db = await openDatabase('memory', 'store_micro');
  const knex = db.knex;
  const store = await openRunStore({
    database: { getClient: async () => knex, migrations: { skip: false } },
  });
  const result: Record<string, number[]> = { before: [], after: [] };
  for (let round = 0; round < rounds; round++) {
    for (const mode of ['before', 'after'] as const) {
      // The store numbers a run's outcomes on its row: `after` needs a real run.
      const runId =
        mode === 'after'
          ? (await store.createRun(newRun('t1', round))).id
          : `run-${mode}-${round}`;
      for (let b = 0; b < 10; b++) {
        const rows = outcomeRows(runId, 1000, b * 1000);
        const t = performance.now();
        if (mode === 'before') {
          await knex.transaction(async tx => {
            await tx('cape_labels_outcomes')
              .max({ max_seq: 'seq' })
              .where({ run_id: runId })
              .first();
            for (let i = 0; i < rows.length; i += 500)
              await tx('cape_labels_outcomes').insert(rows.slice(i, i + 500));
          });
        } else {
          await store.addOutcomes(
            runId,
            rows.map(r => ({
              labelId: r.label_id,
              key: r.key,
              value: r.value,
              createdAt: r.created_at,
              action: 'deleted' as const,
            })),
          );
        }
        if (round > 0) result[mode].push(performance.now() - t);
      }
    }
  }
  await db.drop();
  return result;
}

async function pgLastRuns(rounds: number) {
  const db = await openDatabase('pg', `cape_labels_micro_${process.pid}`);
  const knex: Knex = db.knex;
  const result: Record<string, number[]> = { before: [], after: [] };
  try {
    const store = await openRunStore({
      database: { getClient: async () => knex, migrations: { skip: false } },
    });
    const towers = Array.from(
      { length: 10 },
      (_, i) => `t${String(i).padStart(2, '0')}`,
    );
    await knex.raw(`insert into cape_labels_runs (id, tower_id, trigger, dry_run, status, started_at, finished_at, instance, settings)
      select 'r' || i, 't' || lpad((i % 10)::text, 2, '0'), 'schedule', false, 'succeeded', i * 60000, i * 60000 + 5000, 'h', '{}'
      from generate_series(1, 10000) i`);
    await knex.raw('analyze');
    const before = () =>
      knex('cape_labels_runs')
        .select('*')
        .whereIn('seq', function newest() {
          towers.forEach((towerId, i) => {
            const max = (qb: Knex.QueryBuilder) =>
              qb.max('seq').from('cape_labels_runs').where('tower_id', towerId);
            if (i === 0) max(this);
            else this.unionAll(max);
          });
        });
    for (let round = 0; round < rounds; round++) {
      for (const mode of ['before', 'after'] as const) {
        const t = performance.now();
        const got =
          mode === 'before'
            ? (await before()).length
            : (await store.lastRuns(towers)).size;
        if (got !== 10) throw new Error(`${mode}: ${got} rows`);
        if (round >= 10) result[mode].push(performance.now() - t);
      }
    }
  } finally {
    await db.drop();
  }
  return result;
}

async function main() {
  console.log(
    `# Store micro-benchmark (before/after, same run) — load average ${loadavg()}`,
  );
  const ins = await sqliteOutcomes(4);
  const last = await pgLastRuns(210);
  const row = (name: string, r: Record<string, number[]>) => [
    name,
    `${fmt(pct(r.before, 50), 2)} / ${fmt(pct(r.before, 99), 2)}`,
    `${fmt(pct(r.after, 50), 2)} / ${fmt(pct(r.after, 99), 2)}`,
    `${(pct(r.before, 50) / pct(r.after, 50)).toFixed(1)}x`,
  ];
  console.log(
    table(
      [
        'operation',
        'before p50 / p99 ms',
        'after p50 / p99 ms',
        'speed-up (p50)',
      ],
      [
        row('SQLite addOutcomes, 1,000 rows', ins),
        row('PostgreSQL lastRuns, 10 Towers / 10,000 runs', last),
      ],
    ),
  );
  printEnd('store-micro', {
    environment: environment(),
    sqliteAddOutcomes: ins,
    pgLastRuns: last,
  });
}

runMain(main);
