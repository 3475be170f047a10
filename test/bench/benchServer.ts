import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import express from 'express';
import type { Knex } from 'knex';
import type { LoggerService } from '@backstage/backend-plugin-api';
import { testTowerConfig } from '../../plugins/cape-labels-backend/src/config/__testUtils__/testTowerConfig';
import { read } from '../../plugins/cape-labels-backend/src/config/__testUtils__/readTestConfig';
import type { TowerConfig } from '../../plugins/cape-labels-backend/src/config/types';
import { openRunStore } from '../../plugins/cape-labels-backend/src/database/RunStore';
import { TowerAccess } from '../../plugins/cape-labels-backend/src/service/access';
import { createRouter } from '../../plugins/cape-labels-backend/src/service/router';
import { TowerSweeps } from '../../plugins/cape-labels-backend/src/service/sweepOnRequest';
import { TowerReads } from '../../plugins/cape-labels-backend/src/service/towerReads';
import { SweepCoordinator } from '../../plugins/cape-labels-backend/src/sweep/SweepCoordinator';
import { fmt, metGoal, pct } from './common';

const silent: LoggerService = {
  error() {},
  warn() {},
  info() {},
  debug() {},
  child: () => silent,
};

function towers(towerIds: string[]): TowerConfig[] {
  return towerIds.map(id =>
    testTowerConfig(
      id,
      { server: `https://${id}.example.com`, username: 'gc', password: 'x' },
      { title: `Tower ${id}` },
    ),
  );
}

/** The plugin's store on `knex` (migrated), and the scheduler's table. */
async function benchStore(knex: Knex) {
  const store = await openRunStore({
    database: { getClient: async () => knex, migrations: { skip: false } },
  });
  await knex.migrate.latest({
    directory: path.join(
      path.dirname(require.resolve('@backstage/backend-defaults/package.json')),
      'migrations/scheduler',
    ),
    tableName: 'backstage_backend_tasks__knex_migrations',
  });
  return store;
}

/** The scheduler's row of each Tower's task (nobody holds the lease). */
export async function insertTaskRows(knex: Knex, towerIds: string[]) {
  await knex('backstage_backend_tasks__tasks').insert(
    towerIds.map(id => ({
      id: `cape-labels:sweep:${id}`,
      settings_json: '{}',
      next_run_start_at: new Date(Date.now() + 3_600_000),
    })),
  );
}

/**
 * The plugin's real createRouter + SweepCoordinator + store at /api/cape-labels in a plain
 * express app, with a stub httpAuth (every caller is a user), over real HTTP.
 */
export async function serve(knex: Knex, towerIds: string[]) {
  const store = await benchStore(knex);
  const coordinator = new SweepCoordinator({
    config: {
      ...read({
        requestsInFlight: 4,
        startSpread: { minutes: 5 },
        notifications: { enabled: false },
      }),
      towers: towers(towerIds),
    },
    store,
    scheduler: {} as any, // the read routes never schedule
    logger: silent,
    instance: 'api-bench',
  });
  const httpAuth = {
    credentials: async () => ({
      $$type: '@backstage/BackstageCredentials',
      principal: { type: 'user', userEntityRef: 'user:default/bench' },
    }),
  } as any;
  const permissions = {
    authorize: async (r: any[]) => r.map(() => ({ result: 'ALLOW' })),
  } as any;
  const access = new TowerAccess({ permissions, towers: coordinator });
  const app = express();
  app.use(
    '/api/cape-labels',
    await createRouter({
      reads: new TowerReads({ towers: coordinator, store, access }),
      sweeps: new TowerSweeps({
        access,
        requests: coordinator,
        auditor: {} as any, // only the sweep routes audit
      }),
      store,
      httpAuth,
      logger: silent,
    }),
  );
  app.use(
    (
      error: any,
      _req: express.Request,
      res: express.Response,
      _next: express.NextFunction,
    ) => {
      res
        .status(error?.name === 'NotFoundError' ? 404 : 500)
        .json({ error: { name: error?.name, message: error?.message } });
    },
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise(resolve => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/cape-labels`;
  return {
    base,
    store,
    close: () => new Promise<void>(resolve => server.close(() => resolve())),
  };
}

/** `n` sequential GETs of `url` over keep-alive HTTP after `warmup` untimed ones. */
export async function time(url: string, n: number, warmup = 20) {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < warmup + n; i++) {
    const t = performance.now();
    const res = await fetch(url, {
      headers: { authorization: 'Bearer bench' },
    });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body}`);
    if (i >= warmup) samples.push(performance.now() - t);
    bytes = body.length;
  }
  return {
    p50: pct(samples, 50),
    p99: pct(samples, 99),
    max: pct(samples, 100),
    n,
    bytes,
  };
}

export type RouteTiming = Awaited<ReturnType<typeof time>>;

export const ROUTE_COLUMNS = [
  'database',
  'route',
  'p50 ms',
  'p99 ms',
  'max ms',
  'bytes',
  'goal',
  'met',
];

/** A row of the route table; `goal`: the route has the goal p99 ≤ 20 ms. */
export function routeRow(
  kind: string,
  name: string,
  r: RouteTiming,
  goal: boolean,
): string[] {
  return [
    kind,
    name,
    fmt(r.p50, 2),
    fmt(r.p99, 2),
    fmt(r.max, 2),
    fmt(r.bytes),
    goal ? '<= 20 (p99)' : '(extra)',
    goal ? metGoal(r.p99 <= 20) : '-',
  ];
}
