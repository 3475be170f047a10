/* eslint-disable no-console */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RESULTS_DIR = path.join(__dirname, 'results');

export function loadavg(): string {
  return os
    .loadavg()
    .map(n => n.toFixed(2))
    .join(' / ');
}

export function pct(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const s = [...samples].sort((a, b) => a - b);
  return s[
    Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))
  ];
}

/** The table's "met" column. */
export function metGoal(met: boolean): string {
  return met ? 'yes' : 'NO';
}

export function fmt(n: number, digits = 0): string {
  if (!Number.isFinite(n)) return String(n);
  return n.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** Prints rows as an aligned Markdown table. */
export function table(
  headers: string[],
  rows: Array<Array<string | number>>,
): string {
  const cells = [headers, ...rows.map(r => r.map(String))];
  const widths = headers.map((_, i) =>
    Math.max(...cells.map(r => (r[i] ?? '').length)),
  );
  const line = (r: string[]) =>
    `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [
    line(cells[0]),
    `| ${widths.map(w => '-'.repeat(w)).join(' | ')} |`,
    ...cells.slice(1).map(line),
  ].join('\n');
}

export function writeResult(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(RESULTS_DIR, `${name}-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  writeFileSync(
    path.join(RESULTS_DIR, `${name}-latest.json`),
    `${JSON.stringify(data, null, 2)}\n`,
  );
  return file;
}

/** The V8 and Node flags the benchmark runs with (e.g. `--max-semi-space-size`), not the loader. */
function nodeFlags(): string {
  const args = process.execArgv;
  return args
    .filter((arg, i) => arg !== '-r' && args[i - 1] !== '-r')
    .join(' ');
}

export function environment() {
  return {
    node: process.version,
    nodeFlags: nodeFlags(),
    cpus: os.cpus().length,
    loadavgAtStart: os.loadavg(),
    nodeEnv: process.env.NODE_ENV,
    date: new Date().toISOString(),
  };
}

/** The end of every benchmark: the load average, and where the JSON copy went. */
export function printEnd(name: string, results: unknown): void {
  console.log(`load average at the end: ${loadavg()}`);
  console.log(`JSON: ${writeResult(name, results)}`);
}

export function runMain(main: () => Promise<void>): void {
  main().catch(e => {
    console.error(e);
    process.exit(1);
  });
}
