/* eslint-disable no-console */
/** Another checkout's sweep benchmark beside this one's: run in that checkout, read from its JSON. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Scenario } from './benchWorld';
import type { Plan } from './benchProbes';
import { dependencyFloor } from './benchReport';
import { fmt, table } from './common';
import { serialSimulatorFloor } from './floor';

/** One scenario's sweep as compared: its median sweep (by wall time) of the repeats. */
export type BesideFigures = {
  scenario: string;
  simulatorCpuMs: number;
  requests: number;
  wallMs: number;
  floorMs: number;
  sweeperCpuMs: number;
};

/** What sweepBench writes per scenario, as far as this reads it (older checkouts write it too). */
type ScenarioJson = {
  wallMs: number;
  plan: Plan;
  log: { cpuMs: number; total: number };
  probes: { cpuUserMs: number; cpuSystemMs: number };
};

/** The figures of one scenario's JSON entry; the floor as sweepBench computes it without the naive baseline. */
export function besideFigures(s: Scenario, entry: unknown): BesideFigures {
  const e = entry as ScenarioJson;
  const floor = serialSimulatorFloor(dependencyFloor(s, e.plan), e.log.cpuMs);
  return {
    scenario: s.name,
    simulatorCpuMs: e.log.cpuMs,
    requests: e.log.total,
    wallMs: e.wallMs,
    floorMs: floor.ms,
    sweeperCpuMs: e.probes.cpuUserMs + e.probes.cpuSystemMs,
  };
}

/** Options that only this process reads. */
const OWN_OPTIONS = new Set(['--baseline', '--rounds']);

/**
 * The checkout `dir`'s sweepBench run with this run's options (its naive baseline skipped), with
 * the node flags of this process; its output is passed through, its JSON read back.
 */
export async function runBaseline(
  dir: string,
  argv: string[],
): Promise<Record<string, unknown>> {
  const args = argv.filter(
    (arg, i) => !OWN_OPTIONS.has(arg) && !OWN_OPTIONS.has(argv[i - 1]),
  );
  const child = spawn(
    process.execPath,
    [...process.execArgv, 'test/bench/sweepBench.ts', ...args, '--skip-naive'],
    { cwd: path.resolve(dir), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  let printed = 0;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
    const upTo = out.lastIndexOf('\n') + 1;
    for (const line of out.slice(printed, upTo).split('\n').slice(0, -1))
      console.log(`  baseline | ${line}`);
    printed = Math.max(printed, upTo);
  });
  const code = await new Promise<number | null>(resolve =>
    child.on('exit', resolve),
  );
  const file = /^JSON: (.+)$/m.exec(out)?.[1];
  if (code !== 0 || !file)
    throw new Error(`the baseline's sweepBench failed (exit ${code})`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Each round's figures, the baseline's beside this code's, then the ratio of the medians. */
export function besideTable(
  rounds: Array<{ baseline: BesideFigures[]; ours: BesideFigures[] }>,
): string {
  const rows: string[][] = [];
  const scenarios = rounds[0]?.ours.map(f => f.scenario) ?? [];
  scenarios.forEach((scenario, i) => {
    const pairs = rounds.map(r => [r.baseline[i], r.ours[i]]);
    const cell = (f: BesideFigures) => [
      `${fmt(f.simulatorCpuMs)} ms`,
      fmt(f.requests),
      `${(f.wallMs / f.floorMs).toFixed(2)}x`,
      `${fmt(f.wallMs)} ms`,
      `${fmt(f.sweeperCpuMs)} ms`,
    ];
    pairs.forEach(([base, ours], r) => {
      rows.push([`${scenario} round ${r + 1}`, 'baseline', ...cell(base)]);
      rows.push(['', 'this code', ...cell(ours)]);
    });
    const ratio = (f: (x: BesideFigures) => number) =>
      `${(median(pairs.map(([, o]) => f(o))) / median(pairs.map(([b]) => f(b)))).toFixed(2)}x`;
    rows.push([
      `${scenario} medians`,
      'this ÷ baseline',
      ratio(f => f.simulatorCpuMs),
      ratio(f => f.requests),
      ratio(f => f.wallMs / f.floorMs),
      ratio(f => f.wallMs),
      ratio(f => f.sweeperCpuMs),
    ]);
  });
  return table(
    [
      'scenario',
      'code',
      'simulator CPU per sweep',
      'requests',
      'wall ÷ floor',
      'wall',
      'sweeper CPU',
    ],
    rows,
  );
}
