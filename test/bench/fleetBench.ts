/* eslint-disable no-console */
/**
 * Issue 39: the card's `GET /towers` beside `/health` on one replica while 40 Towers (~235 labels,
 * 5 ms a request) are swept every 20 s by three backends on one PostgreSQL. With `--baseline
 * <checkout>` the rounds alternate between that checkout's backend (e.g. main's, in a second
 * worktree) and this one's, in one session. Also samples PostgreSQL's connections of the run.
 *
 *   node -r @backstage/cli/config/nodeTransform.cjs test/bench/fleetBench.ts [--baseline <dir>] [--rounds 3] [--seconds 60] [--config '{"maxConcurrentSweeps":4}']
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import knexFactory from 'knex';
import { LOCAL_POSTGRES } from '../support/config';
import { sleep } from '../support/processes';
import { Fleet, peakRunsPerReplica, probe } from '../fleet/fleetWorld';
import { environment, fmt, pct, printEnd, runMain, table } from './common';

type Round = {
  code: string;
  loadavg: number;
  towersP50: number;
  towersP99: number;
  healthP50: number;
  healthP99: number;
  requests: number;
  runs: number;
  peakRunsPerReplica: number;
  pgConnections: number;
  pgBusy: number;
};

/**
 * PostgreSQL's view of the run, at its peak over the samples: connections to all its databases,
 * and to the plugin's database those in a statement or a transaction. The replicas' plugin pools
 * hold at most 3 x the pool's size (knex's default 10): when busy reaches that, queries queue.
 */
function samplePostgres(prefix: string, untilMs: number) {
  const admin = knexFactory({
    client: 'pg',
    connection: { ...LOCAL_POSTGRES, database: 'postgres' },
    pool: { min: 0, max: 1 },
  });
  return (async () => {
    let connections = 0;
    let pluginBusy = 0;
    try {
      while (Date.now() < untilMs) {
        const rows: Array<{ datname: string; state: string | null }> =
          await admin('pg_stat_activity')
            .select('datname', 'state')
            .where('datname', 'like', `${prefix}%`);
        connections = Math.max(connections, rows.length);
        pluginBusy = Math.max(
          pluginBusy,
          rows.filter(
            r =>
              r.datname === `${prefix}cape-labels` &&
              r.state &&
              r.state !== 'idle',
          ).length,
        );
        await sleep(250);
      }
    } finally {
      await admin.destroy();
    }
    return { connections, busy: pluginBusy };
  })();
}

async function round(
  serviceProbe: boolean,
  code: string,
  repoRoot: string,
  seconds: number,
  capeLabels: Record<string, unknown>,
): Promise<Round> {
  const fleet = await Fleet.create({ tag: 'fleetbench', repoRoot, capeLabels });
  try {
    await fleet.start();
    // Let the first sweeps of every Tower pass (all replicas up), then measure.
    await sleep(25_000);
    const w0 = Date.now();
    const w1 = w0 + seconds * 1000;
    const url = fleet.replicas[0].url;
    const [towers, health, pg, asService] = await Promise.all([
      probe(url, '/api/cape-labels/towers', w1),
      probe(url, '/api/cape-labels/health', w1),
      samplePostgres(fleet.prefix, w1),
      // --service-probe: the same route as a service (no permission request to the permission
      // backend), to tell the route's own work from the permission round trip.
      serviceProbe ? probe(url, '/api/cape-labels/towers', w1, 'service') : [],
    ]);
    if (serviceProbe) {
      console.log(
        `${code}: GET /towers as a service p50 ${fmt(pct(asService, 50))} ms, p99 ${fmt(pct(asService, 99))} ms (${asService.length} requests)`,
      );
    }
    const runs = (await fleet.db.runs()).filter(
      r => r.startedAt >= w0 && r.startedAt < w1,
    );
    return {
      code,
      loadavg: os.loadavg()[0],
      towersP50: pct(towers, 50),
      towersP99: pct(towers, 99),
      healthP50: pct(health, 50),
      healthP99: pct(health, 99),
      requests: towers.length,
      runs: runs.length,
      peakRunsPerReplica: Math.max(...peakRunsPerReplica(runs).values()),
      pgConnections: pg.connections,
      pgBusy: pg.busy,
    };
  } finally {
    await fleet.dispose();
  }
}

/** The middle value; of an even count, the mean of the two middle ones. */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

async function main() {
  const { values } = parseArgs({
    options: {
      baseline: { type: 'string' },
      rounds: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '60' },
      config: { type: 'string', default: '{}' },
      'service-probe': { type: 'boolean', default: false },
    },
  });
  const here = path.resolve(__dirname, '../..');
  const codes: Array<[string, string, Record<string, unknown>]> = [
    ...(values.baseline
      ? [
          ['baseline', path.resolve(values.baseline), {}] as [
            string,
            string,
            Record<string, unknown>,
          ],
        ]
      : []),
    ['this', here, JSON.parse(values.config!)],
  ];
  console.log(`fleet bench: ${JSON.stringify(environment())}`);
  const rounds: Round[] = [];
  for (let i = 0; i < Number(values.rounds); i++) {
    for (const [code, root, config] of codes) {
      const r = await round(
        values['service-probe']!,
        code,
        root,
        Number(values.seconds),
        config,
      );
      console.log(JSON.stringify(r));
      rounds.push(r);
    }
  }
  const ms = (n: number) => `${fmt(n)} ms`;
  console.log(
    table(
      [
        'code',
        'load avg (1 min)',
        'GET /towers p50 / p99',
        '/health p50 / p99',
        'p99 gap',
        'requests',
        'runs',
        'peak runs / replica',
        'PG connections (plugin DB busy)',
      ],
      rounds.map(r => [
        r.code,
        r.loadavg.toFixed(1),
        `${ms(r.towersP50)} / ${ms(r.towersP99)}`,
        `${ms(r.healthP50)} / ${ms(r.healthP99)}`,
        ms(r.towersP99 - r.healthP99),
        r.requests,
        r.runs,
        r.peakRunsPerReplica,
        `${r.pgConnections} (${r.pgBusy})`,
      ]),
    ),
  );
  for (const [code] of codes) {
    const own = rounds.filter(r => r.code === code);
    console.log(
      `${code}: medians over ${own.length} rounds: GET /towers p50 ${ms(median(own.map(r => r.towersP50)))}, p99 ${ms(median(own.map(r => r.towersP99)))}; /health p50 ${ms(median(own.map(r => r.healthP50)))}, p99 ${ms(median(own.map(r => r.healthP99)))}; p99 gap ${ms(median(own.map(r => r.towersP99 - r.healthP99)))}; load ${median(own.map(r => r.loadavg)).toFixed(1)}`,
    );
  }
  printEnd('fleet', { environment: environment(), rounds });
}

runMain(main);
