/* eslint-disable no-console */
/**
 * S4: storage of a Tower's run history. 200 runs of one 100,000-label Tower are written through
 * the store's own write functions (createRun, addOutcomes in batches of 1,000 as a sweep writes
 * them, finishRun, then pruneRuns as TowerSweeper does after each run), on SQLite (a file) and on
 * PostgreSQL (a scratch database, dropped afterwards). Then: database size, outcome rows kept,
 * and p50/p99 of the card's read routes through the plugin's real router (see benchServer.ts).
 *
 * Each run sees the same 100,000 labels: per 1,000, 900 count-nonzero and 50 young (routine
 * keeps), 20 referenced, 10 unconfirmed, 2 raced, 15 deleted (would-delete in every 10th run,
 * a dry run) and 3 failed.
 *
 *   node -r @backstage/cli/config/nodeTransform.cjs test/bench/retentionBench.ts [--databases sqlite,pg] [--runs 200] [--budget-min 10] [--requests 300]
 *
 * On PostgreSQL, where autovacuum is off (the development machine's server), the bench runs
 * VACUUM when autovacuum would (vacuumLikeAutovacuum): deleted rows' space is reused only then.
 *
 * Seeding stops after the run that exceeds `--budget-min` minutes; the table then says how many
 * runs were written, and the size for 200 runs is extrapolated from the per-run growth.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type {
  OutcomeReason,
  LabelAction,
  LabelOutcome,
} from '@smartx-cape/plugin-cape-labels-common';
import type { RunStore } from '../../plugins/cape-labels-backend/src/database/RunStore';
import {
  vacuumLikeAutovacuum,
  withDatabase,
  type BenchDatabase,
  type DatabaseKind,
} from './benchDatabase';
import {
  ROUTE_COLUMNS,
  insertTaskRows,
  routeRow,
  serve,
  time,
  type RouteTiming,
} from './benchServer';
import { environment, fmt, loadavg, printEnd, runMain, table } from './common';

const TOWER = 't00';
const LABELS = 100_000;
const BATCH = 1_000;
const RUNS_PER_TOWER = 200;
const MB = 1024 * 1024;

/** Outcomes per 1,000 labels. */
const MIX: Array<[number, LabelAction, OutcomeReason | undefined]> = [
  [900, 'kept', 'count-nonzero'],
  [50, 'kept', 'young'],
  [20, 'kept', 'referenced'],
  [10, 'kept', 'unconfirmed'],
  [2, 'kept', 'raced'],
  [15, 'deleted', undefined],
  [3, 'failed', 'error'],
];

const KEYS = ['cape-cluster-name', 'cape-vip', 'cape-namespace'];

function batchOutcomes(batch: number, dryRun: boolean): LabelOutcome[] {
  const items: LabelOutcome[] = [];
  let i = 0;
  for (const [n, action, reason] of MIX) {
    for (let k = 0; k < n; k++, i++) {
      const label = batch * BATCH + i;
      items.push({
        labelId: `l${String(label).padStart(24, '0')}`,
        key: KEYS[label % 3],
        value: `cluster-${label % 500}`,
        createdAt: '2025-12-01T00:00:00.000Z',
        action: dryRun && action === 'deleted' ? 'would-delete' : action,
        ...(reason ? { reason } : {}),
      });
    }
  }
  return items;
}

function countsOf(dryRun: boolean) {
  const per = (action: LabelAction) =>
    (LABELS / BATCH) *
    MIX.filter(([, a]) => a === action).reduce((s, [n]) => s + n, 0);
  return {
    scanned: LABELS,
    candidates: LABELS,
    deleted: dryRun ? 0 : per('deleted'),
    wouldDelete: dryRun ? per('deleted') : 0,
    kept: per('kept'),
    failed: per('failed'),
  };
}

/** One run as a sweep records it, then the retention TowerSweeper applies after each run. */
async function writeRun(store: RunStore, index: number, start: number) {
  const dryRun = index % 10 === 9;
  const startedAt = new Date(start + index * 3_600_000);
  const run = await store.createRun({
    towerId: TOWER,
    trigger: 'schedule',
    dryRun,
    instance: 'bench-host:1',
    startedAt,
    settings: {
      minAge: 'PT24H',
      confirmAfter: 'PT0S',
      maxDeletesPerRun: 5000,
      keys: KEYS,
    },
  });
  for (let b = 0; b < LABELS / BATCH; b++)
    await store.addOutcomes(run.id, batchOutcomes(b, dryRun));
  await store.finishRun(run.id, {
    status: 'partial',
    finishedAt: new Date(startedAt.getTime() + 60_000),
    counts: countsOf(dryRun),
  });
  await store.pruneRuns(TOWER, { runs: RUNS_PER_TOWER, routineRuns: 1 }); // retention
  return run.id;
}

async function measure(
  db: BenchDatabase,
  runs: number,
  budgetMs: number,
  n: number,
) {
  const server = await serve(db.knex, [TOWER]);
  await insertTaskRows(db.knex, [TOWER]);
  const t0 = performance.now();
  const start = Date.UTC(2026, 0, 1);
  const ids: string[] = [];
  const sizes: number[] = [];
  let vacuums = 0;
  while (ids.length < runs && performance.now() - t0 < budgetMs) {
    ids.push(await writeRun(server.store, ids.length, start));
    if (await vacuumLikeAutovacuum(db, 'cape_labels_outcomes')) vacuums++;
    if (ids.length % 10 === 0 || ids.length === runs) {
      sizes.push(await db.size());
      console.log(
        `${db.kind}: ${ids.length} runs, ${fmt(sizes[sizes.length - 1] / MB, 1)} MB, ${fmt((performance.now() - t0) / 1000)} s`,
      );
    }
  }
  const seedMs = performance.now() - t0;
  await db.knex.raw('analyze');
  const size = await db.size();
  const [{ rows }] = await db.knex('cape_labels_outcomes').count({ rows: '*' });
  const newest = ids[ids.length - 1];
  const routes: Array<[string, string]> = [
    ['GET /towers', `${server.base}/towers`],
    ['GET /towers/:id/runs', `${server.base}/towers/${TOWER}/runs`],
    [
      'GET /runs/:id/labels (newest run)',
      `${server.base}/runs/${newest}/labels`,
    ],
    [
      'GET /runs/:id/labels (oldest run)',
      `${server.base}/runs/${ids[0]}/labels`,
    ],
  ];
  const perRoute: Record<string, RouteTiming> = {};
  for (const [name, url] of routes) perRoute[name] = await time(url, n);
  await server.close();
  // Per-run growth between the last two samples (size / runs with one sample).
  const perRun =
    sizes.length > 1
      ? (sizes[sizes.length - 1] - sizes[sizes.length - 2]) / 10
      : size / ids.length;
  return {
    kind: db.kind,
    runsWritten: ids.length,
    vacuums,
    seedMs,
    bytes: size,
    bytesFor200:
      ids.length >= RUNS_PER_TOWER
        ? size
        : size + perRun * (RUNS_PER_TOWER - ids.length),
    outcomeRows: Number(rows),
    routes: perRoute,
    loadavg: os.loadavg(),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      databases: { type: 'string', default: 'sqlite,pg' },
      runs: { type: 'string', default: String(RUNS_PER_TOWER) },
      'budget-min': { type: 'string', default: '10' },
      requests: { type: 'string', default: '300' },
    },
  });
  const runs = Number(values.runs);
  const n = Number(values.requests);
  console.log(
    `# Storage benchmark (S4) — node ${process.version}, ${os.cpus().length} CPUs, load average ${loadavg()}; ` +
      `${runs} runs of a ${fmt(LABELS)}-label Tower through the store, seeding budget ${values['budget-min']} min per database, ` +
      `${n} timed requests per route after 20 warm-up`,
  );
  const results: Record<string, unknown> = { environment: environment() };
  const sizeRows: string[][] = [];
  const routeRows: string[][] = [];
  for (const kind of values.databases!.split(',') as DatabaseKind[]) {
    const r = await withDatabase(kind, `cape_labels_s4_${process.pid}`, db =>
      measure(db, runs, Number(values['budget-min']) * 60_000, n),
    );
    results[kind] = r;
    console.log(JSON.stringify(r));
    sizeRows.push([
      kind,
      `${r.runsWritten}${r.runsWritten < runs ? ' (budget)' : ''}`,
      String(r.vacuums),
      fmt(r.seedMs / 1000),
      fmt(r.outcomeRows),
      fmt(r.bytes / MB, 1),
      r.runsWritten < RUNS_PER_TOWER
        ? `${fmt(r.bytesFor200 / MB, 0)} (extrapolated)`
        : fmt(r.bytes / MB, 1),
    ]);
    for (const [name, t] of Object.entries(r.routes))
      routeRows.push(routeRow(kind, name, t, true));
  }
  console.log(
    table(
      [
        'database',
        'runs written',
        'VACUUMs (autovacuum off)',
        'seed s',
        'outcome rows',
        'size MB',
        'size MB at 200 runs',
      ],
      sizeRows,
    ),
  );
  console.log(table(ROUTE_COLUMNS, routeRows));
  printEnd('s4', results);
}

runMain(main);
