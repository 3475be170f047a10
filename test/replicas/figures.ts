import type { StoredRun } from '../support/postgres';
import {
  overlaps,
  tokenSessions,
  type RunningSimulator,
  type TokenSession,
} from '../support/simulators';

export type TowerFigures = {
  tower: string;
  runsInWindow: number;
  expected: number;
  /** How many interval-long buckets of the window saw 0, 1, 2, ... run starts. */
  bucketHistogram: string;
  sessionsInWindow: number;
  runOverlaps: number;
  sessionOverlaps: number;
  replicas: string;
};

/** Overlapping [startedAt, finishedAt] pairs among one Tower's runs (a running run is open-ended). */
export function runOverlapCount(runs: StoredRun[]): number {
  return overlaps(
    runs.map(r => ({ start: r.startedAt, end: r.finishedAt, label: r.id })),
  ).length;
}

export function sessionsOf(sim: RunningSimulator): TokenSession[] {
  return tokenSessions(sim.admin.requestLog());
}

export function sessionOverlapCount(sessions: TokenSession[]): number {
  return overlaps(
    sessions.map(s => ({ start: s.startMs, end: s.endMs, label: s.tokenId })),
  ).length;
}

export function towerFigures(input: {
  tower: string;
  runs: StoredRun[];
  sessions: TokenSession[];
  window: [number, number];
  intervalMs: number;
  nameOf: (instance: string) => string;
}): TowerFigures {
  const [w0, w1] = input.window;
  const inWindow = input.runs.filter(
    r => r.startedAt >= w0 && r.startedAt < w1,
  );
  const buckets = new Array<number>(
    Math.round((w1 - w0) / input.intervalMs),
  ).fill(0);
  for (const run of inWindow)
    buckets[Math.floor((run.startedAt - w0) / input.intervalMs)]++;
  const histogram = new Map<number, number>();
  for (const b of buckets) histogram.set(b, (histogram.get(b) ?? 0) + 1);
  const perReplica = new Map<string, number>();
  for (const run of inWindow)
    perReplica.set(
      input.nameOf(run.instance),
      (perReplica.get(input.nameOf(run.instance)) ?? 0) + 1,
    );
  return {
    tower: input.tower,
    runsInWindow: inWindow.length,
    expected: buckets.length,
    bucketHistogram: [...histogram]
      .sort((a, b) => a[0] - b[0])
      .map(([k, v]) => `${k}:${v}`)
      .join(' '),
    sessionsInWindow: input.sessions.filter(
      s => s.startMs >= w0 && s.startMs < w1,
    ).length,
    runOverlaps: runOverlapCount(input.runs),
    sessionOverlaps: sessionOverlapCount(input.sessions),
    replicas: [...perReplica]
      .sort()
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
  };
}

/** Gaps between consecutive run starts of one Tower, in seconds (min / median / max). */
export function startGaps(runs: StoredRun[]): string {
  const starts = runs.map(r => r.startedAt).sort((a, b) => a - b);
  const gaps = starts
    .slice(1)
    .map((s, i) => (s - starts[i]) / 1000)
    .sort((a, b) => a - b);
  if (!gaps.length) return '-';
  return `${gaps[0].toFixed(2)} / ${gaps[Math.floor(gaps.length / 2)].toFixed(2)} / ${gaps[gaps.length - 1].toFixed(2)}`;
}

export function countBy<T>(
  items: T[],
  key: (item: T) => string,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
