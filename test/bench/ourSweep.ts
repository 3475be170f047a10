/* eslint-disable no-console */
/** One sweep by the plugin's own TowerSweeper, client and store, measured. */
import os from 'node:os';
import { performance } from 'node:perf_hooks';

import {
  sweptKeys,
  type TowerConfig,
} from '../../plugins/cape-labels-backend/src/config/types';
import { openRunStore } from '../../plugins/cape-labels-backend/src/database/RunStore';
import { TowerSweeper } from '../../plugins/cape-labels-backend/src/sweep/TowerSweeper';
import { towerClientFactory } from '../../plugins/cape-labels-backend/src/sweep/SweepCoordinator';
import { testTowerConfig } from '../../plugins/cape-labels-backend/src/config/__testUtils__/testTowerConfig';
import { testTuning } from '../../plugins/cape-labels-backend/src/config/__testUtils__/readTestConfig';
import type { LoggerService } from '@backstage/backend-plugin-api';
import { IN_FLIGHT, MIN_AGE, PAGE_SIZE, USER, type Sim } from './benchWorld';
import {
  startProbes,
  timedStore,
  type LogSummary,
  type Plan,
} from './benchProbes';

import { printMemoryTimeline, startMemoryTimeline } from './memoryTimeline';
import { openSweepStore, type StoreKind } from './sweepStore';

/** Only warnings reach the console: they would explain a bad figure. */
const benchLogger: LoggerService = {
  error() {},
  warn: (message: string) => console.log(`  [warn] ${message}`),
  info() {},
  debug() {},
  child: () => benchLogger,
};

// ---------------------------------------------------------------- our sweep

function tower(url: string): TowerConfig {
  return testTowerConfig(
    'bench',
    { server: url, username: USER.username, password: USER.password },
    {
      title: 'Bench Tower',
      minAge: MIN_AGE,
      maxDeletesPerRun: 1_000_000, // the default cap (5,000) would stop S1 at 5,000 deletes
      // Every start of the task is a due scheduled sweep (a start the schedule did not make due
      // would only preview).
      schedule: {
        frequency: { milliseconds: 1 },
        timeout: { minutes: 30 },
        initialDelay: { milliseconds: 0 },
        scope: 'global',
      },
    },
  );
}

export async function runOurs(
  sim: Sim,
  storeKind: StoreKind,
  measure = true,
  timeline = false,
) {
  const db = await openSweepStore(storeKind, `cape_sweep_bench_${process.pid}`);
  const knex = db.knex;
  const base = await openRunStore({
    database: { getClient: async () => knex, migrations: { skip: false } },
  });
  const { store, times, outcomes } = timedStore(base);
  const t = tower(sim.url);
  const tuning = testTuning({
    pageSize: PAGE_SIZE,
    requestsInFlight: IN_FLIGHT,
  });
  const sweeper = new TowerSweeper({
    tower: t,
    store,
    logger: benchLogger,
    instance: `${os.hostname()}:${process.pid}`,
    tuning,
    createClient: towerClientFactory(t, tuning, { logger: benchLogger }),
    hooks: {},
  });
  if (!measure) {
    await sweeper.runTask(new AbortController().signal);
    await db.close();
    return undefined;
  }
  const plan = await sim.call<Plan>('plan', {
    pageSize: PAGE_SIZE,
    keys: sweptKeys('cape'),
    cutoffMs: Date.now() - MIN_AGE.as('milliseconds'),
    inFlight: IN_FLIGHT,
  });
  await sim.call('reset');
  const stop = startProbes();
  const stopTimeline = timeline ? startMemoryTimeline() : undefined;
  const t0 = performance.now();
  await sweeper.runTask(new AbortController().signal);
  const wallMs = performance.now() - t0;
  const probes = { ...stop(), storeMB: await db.sizeMB() };
  if (stopTimeline) printMemoryTimeline(stopTimeline());
  const log = await sim.call<LogSummary>('log');
  const [latest] = await base.listRuns(t.id, { limit: 1 });
  const run = await base.getRun(latest.id);
  await db.close();
  return {
    store: db.label,
    wallMs,
    plan,
    log,
    run,
    probes,
    storeTimes: times,
    outcomes,
  };
}
