/* eslint-disable no-console */
/**
 * S1 / S2: one real (non-dry) sweep of a simulated Tower by the plugin's own TowerSweeper,
 * createTowerClient and run store (`--store`: SQLite in memory by default, a SQLite file or
 * PostgreSQL, see sweepStore.ts), against a naive baseline.
 * The simulator runs in a child process (simChild.ts), so RSS and event-loop figures are the
 * sweeper's alone.
 *
 *   node -r @backstage/cli/config/nodeTransform.cjs test/bench/sweepBench.ts [--scenarios S1,S2] [--skip-naive] [--repeat N]
 *
 * H1 (S1 with 500 security groups) is opt-in: `--scenarios S1,H1` prints what holders cost beside S1.
 * S5 (1,000,000 labels) is opt-in: `--scenarios S1,S2,S5` (`npm run bench:s5` runs it alone,
 * with the store on PostgreSQL). `--memory-timeline` prints where the memory is during each sweep.
 * The goal table of issue 12 is printed at the end (see goals.ts). `--baseline <checkout>
 * [--rounds N]` alternates with another checkout's sweepBench (run in that checkout, without the
 * naive baseline) and prints both side by side (beside.ts).
 *
 * Environment: BENCH_PAGE_SIZE (1000), BENCH_IN_FLIGHT (the plugin's default `requestsInFlight`,
 * 8: requests and batches in flight), BENCH_NAIVE_SAMPLE (2000 deletes timed in S1, then extrapolated).
 */
import { once } from 'node:events';
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { goalTable, type GoalFigures } from './goals';
import { environment, fmt, loadavg, runMain, writeResult } from './common';
import { parseStoreKind } from './sweepStore';
import { IN_FLIGHT, PAGE_SIZE, SCENARIOS, startSim, world } from './benchWorld';
import { runOurs } from './ourSweep';
import { runNaive } from './naiveSweep';
import { report } from './benchReport';
import {
  besideTable,
  runBaseline,
  type BesideFigures,
  besideFigures,
} from './beside';

type Options = {
  names: string[];
  repeat: number;
  storeKind: ReturnType<typeof parseStoreKind>;
  skipNaive: boolean;
  memoryTimeline: boolean;
};

async function main() {
  const { values } = parseArgs({
    options: {
      scenarios: { type: 'string', default: 'S1,S2' },
      'skip-naive': { type: 'boolean', default: false },
      repeat: { type: 'string', default: '1' },
      store: { type: 'string', default: 'memory' },
      'memory-timeline': { type: 'boolean', default: false },
      baseline: { type: 'string' },
      rounds: { type: 'string', default: '1' },
    },
  });
  const options: Options = {
    names: values.scenarios!.split(','),
    repeat: Number(values.repeat),
    storeKind: parseStoreKind(values.store!),
    skipNaive: values['skip-naive']! || values.baseline !== undefined,
    memoryTimeline: values['memory-timeline']!,
  };
  const env = environment();
  console.log(
    `# Sweep benchmark — node ${env.node} (${env.nodeFlags || 'no flags'}), ${env.cpus} CPUs, load average ${loadavg()} (1/5/15 min), ` +
      `pageSize ${PAGE_SIZE}, requests and batches in flight ${IN_FLIGHT}, store ${options.storeKind}, simulator in a child process`,
  );
  if (values.baseline === undefined) {
    const { results, goals } = await measure(options);
    results.environment = env;
    if (goals.S1 || goals.S5) {
      console.log(`\n## Issue 12 goals (load average now ${loadavg()})`);
      console.log(goalTable(goals.S1, goals.S5));
      results.goals = goals;
    }
    console.log(`\nJSON: ${writeResult('sweep', results)}`);
    return;
  }
  // Alternated, so both sides meet the same load; the baseline first in every round.
  const rounds: Array<{ baseline: BesideFigures[]; ours: BesideFigures[] }> =
    [];
  for (let r = 0; r < Number(values.rounds); r++) {
    const baseline = await runBaseline(values.baseline, process.argv.slice(2));
    const { results } = await measure(options);
    const ours = options.names.map(name =>
      besideFigures(SCENARIOS[name], results[name]),
    );
    rounds.push({
      baseline: options.names.map(name =>
        besideFigures(SCENARIOS[name], baseline[name]),
      ),
      ours,
    });
  }
  console.log(
    `\n## Beside the baseline ${values.baseline} (load average now ${loadavg()})`,
  );
  console.log(besideTable(rounds));
  console.log(
    `\nJSON: ${writeResult('sweep-beside', { environment: env, rounds })}`,
  );
}

/** Each scenario of `options`, measured: what the JSON gets, and the goal figures. */
async function measure({
  names,
  repeat,
  storeKind,
  skipNaive,
  memoryTimeline,
}: Options) {
  const results: Record<string, unknown> = {
    pageSize: PAGE_SIZE,
    inFlight: IN_FLIGHT,
  };
  const goals: Record<string, GoalFigures> = {};
  for (const name of names) {
    const s = SCENARIOS[name];
    if (!s) throw new Error(`unknown scenario ${name}`);
    const sim = await startSim(s);
    try {
      const loadBefore = os.loadavg();
      // Warm-up: one sweep of a small world loads and JIT-compiles the code paths, as in a
      // backend that has swept before; then the scenario's world is loaded afresh.
      const tw = performance.now();
      await sim.call('reload', { scenario: world(2000) });
      await runOurs(sim, storeKind, false);
      await sim.call('reload');
      console.log(
        `\n(warm-up sweep of 2,000 labels: ${fmt(performance.now() - tw)} ms incl. world loads)`,
      );
      const runs: NonNullable<Awaited<ReturnType<typeof runOurs>>>[] = [];
      for (let r = 0; r < repeat; r++) {
        if (r > 0) await sim.call('reload');
        runs.push((await runOurs(sim, storeKind, true, memoryTimeline))!);
      }
      runs.sort((a, b) => a.wallMs - b.wallMs);
      const ours = { ...runs[Math.floor((runs.length - 1) / 2)] };
      // RSS is not given back between sweeps: the first measured sweep's growth is the one that
      // counts, so the largest growth of the repeats is reported.
      ours.probes = {
        ...ours.probes,
        rssGrowthMB: Math.max(...runs.map(x => x.probes.rssGrowthMB)),
        heapGrowthMB: Math.max(...runs.map(x => x.probes.heapGrowthMB)),
      };
      if (repeat > 1) {
        console.log(
          `${repeat} sweeps, the median is reported: wall ${runs.map(x => fmt(x.wallMs)).join(' / ')} ms; ` +
            `sweeper CPU ${runs.map(x => fmt(x.probes.cpuUserMs + x.probes.cpuSystemMs)).join(' / ')} ms; ` +
            `simulator CPU ${runs.map(x => fmt(x.log.cpuMs)).join(' / ')} ms; ` +
            `event-loop p99 ${runs.map(x => fmt(x.probes.eventLoopP99Ms)).join(' / ')} ms; ` +
            `RSS growth ${runs.map(x => fmt(x.probes.rssGrowthMB, 1)).join(' / ')} MB ` +
            `(store ${runs.map(x => fmt(x.probes.storeMB, 1)).join(' / ')} MB; ` +
            `V8 heap growth ${runs.map(x => fmt(x.probes.heapGrowthMB, 1)).join(' / ')} MB)`,
        );
      }
      const naive =
        skipNaive || s.naive === false
          ? undefined
          : await runNaive(sim, s.naiveSample);
      const { bound, figures } = report(s, ours, naive);
      // CPU is less disturbed by other processes than wall time: its own median.
      const cpus = runs
        .map(x => x.probes.cpuUserMs + x.probes.cpuSystemMs)
        .sort((a, b) => a - b);
      figures.cpuMs = cpus[Math.floor((cpus.length - 1) / 2)];
      const simCpus = runs.map(x => x.log.cpuMs).sort((a, b) => a - b);
      figures.simulatorCpuMs = simCpus[Math.floor((simCpus.length - 1) / 2)];
      goals[name] = figures;
      console.log(
        `load average during ${s.name}: ${loadBefore.map(n => n.toFixed(2)).join(' / ')} -> ${loadavg()}`,
      );
      results[name] = {
        description: s.description,
        repeats: runs.map(x => ({
          wallMs: x.wallMs,
          probes: x.probes,
          simulatorCpuMs: x.log.cpuMs,
        })),
        latencyMs: s.latencyMs,
        loadavgBefore: loadBefore,
        loadavgAfter: os.loadavg(),
        ...ours,
        bound,
        naive,
      };
    } finally {
      // The child exits by itself (writing its BENCH_SIM_PROF profile); kill only a stuck one.
      const exited = once(sim.child, 'exit');
      await sim.call('stop').catch(() => undefined);
      await Promise.race([exited, delay(5_000)]);
      sim.child.kill();
    }
  }
  return { results, goals };
}

runMain(main);
