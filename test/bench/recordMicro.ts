/* eslint-disable no-console */
/**
 * The store work of one S1 sweep without Tower, three times: 100 pages of 1,000 labels, each page
 * recording its 500 routine keeps, writing 500 pending deletes and recording those deleted.
 * Prints wall and process CPU per round and busy time per store method.
 *
 *   node -r @backstage/cli/config/nodeTransform.cjs test/bench/recordMicro.ts [sqlite|pg]
 *
 * Environment: PAGES (100); BY_SQL=1 also sums the time of each SQL statement (knex events).
 */
import { performance } from 'node:perf_hooks';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { openRunStore } from '../../plugins/cape-labels-backend/src/database/RunStore';
import { openDatabase } from './benchDatabase';
import { loadavg, runMain } from './common';
import { newRun } from '../../plugins/cape-labels-backend/src/database/__testUtils__/testStore';

const PAGES = Number(process.env.PAGES ?? 100);
const PAGE = 1000;

function label(i: number, action: LabelOutcome['action']): LabelOutcome {
  return {
    labelId: `c${String(i).padStart(24, '0')}`,
    key: 'cape-cluster-name',
    value: `cluster-${i % 50}`,
    createdAt: '2026-11-01T00:00:00.000Z',
    action,
    ...(action === 'kept' ? { reason: 'count-nonzero' as const } : {}),
  };
}

async function main() {
  const which = process.argv[2] ?? 'sqlite';
  const db = await openDatabase(
    which === 'pg' ? 'pg' : 'memory',
    `cape_labels_rmicro_${process.pid}`,
  );
  const knex = db.knex;
  const started = new Map<string, number>();
  const bySql: Record<string, [number, number]> = {};
  if (process.env.BY_SQL) {
    knex.on('query', q => started.set(q.__knexQueryUid, performance.now()));
    knex.on('query-response', (_r, q) => {
      const k = String(q.sql).replace(/\s+/g, ' ').slice(0, 70);
      const e = (bySql[k] ??= [0, 0]);
      e[0]++;
      e[1] += performance.now() - (started.get(q.__knexQueryUid) ?? 0);
    });
  }
  const store = await openRunStore({
    database: { getClient: async () => knex, migrations: { skip: false } },
  });
  const busy: Record<string, number> = {};
  const time = async <T>(k: string, f: () => Promise<T>) => {
    const t = performance.now();
    try {
      return await f();
    } finally {
      busy[k] = (busy[k] ?? 0) + performance.now() - t;
    }
  };
  for (const round of [0, 1, 2]) {
    for (const k of Object.keys(busy)) delete busy[k];
    const run = await store.createRun(newRun('t1', round));
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let p = 0; p < PAGES; p++) {
      const base = round * 1e7 + p * PAGE;
      const kept: LabelOutcome[] = [];
      const orphans: LabelOutcome[] = [];
      for (let i = 0; i < PAGE; i++)
        (i % 2 ? kept : orphans).push(
          label(base + i, i % 2 ? 'kept' : 'deleted'),
        );
      await time('addOutcomes(kept)', () => store.addOutcomes(run.id, kept));
      const pending = await time('writePendingDeletes', () =>
        store.writePendingDeletes('t1', run.id, orphans),
      );
      await time('addOutcomes(deleted)', () =>
        store.addOutcomes(run.id, orphans, pending),
      );
    }
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `${which} round ${round}: wall ${(performance.now() - t0).toFixed(0)} ms, CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms; ${Object.entries(
        busy,
      )
        .map(([k, v]) => `${k} ${v.toFixed(0)} ms`)
        .join(', ')}`,
    );
  }
  for (const [k, [n, ms]] of Object.entries(bySql)
    .sort((a, b) => b[1][1] - a[1][1])
    .slice(0, 15))
    console.log(
      `${ms.toFixed(0).padStart(6)} ms ${String(n).padStart(5)}x  ${k}`,
    );
  console.log(`load ${loadavg()}`);
  await db.drop();
}

runMain(main);
