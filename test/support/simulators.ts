import {
  startSimulator,
  type RequestLogEntry,
  type RunningSimulator,
  type SimulatorOptions,
} from '@smartx-cape/cloudtower-simulator';

export type { RunningSimulator };

/** Starts one simulator per options object (port 0 = random), each with its own id seed. */
export async function startSimulators(
  options: SimulatorOptions[],
): Promise<RunningSimulator[]> {
  return Promise.all(
    options.map((o, i) => startSimulator({ port: 0, idSeed: 101 + i, ...o })),
  );
}

export async function stopSimulators(sims: RunningSimulator[]): Promise<void> {
  await Promise.allSettled(sims.map(s => s.stop()));
}

/** What one Tower token did: a sweep is one login ... logout session of one token. */
export type TokenSession = {
  tokenId: string;
  startMs: number;
  /** null when one of its requests never finished (hung, or its client died). */
  endMs: number | null;
  requests: number;
  operations: Record<string, number>;
};

export function tokenSessions(log: RequestLogEntry[]): TokenSession[] {
  const byToken = new Map<string, TokenSession>();
  for (const entry of log) {
    if (!entry.tokenId) continue;
    let session = byToken.get(entry.tokenId);
    if (!session) {
      session = {
        tokenId: entry.tokenId,
        startMs: entry.startMs,
        endMs: entry.endMs,
        requests: 0,
        operations: {},
      };
      byToken.set(entry.tokenId, session);
    }
    session.requests++;
    session.startMs = Math.min(session.startMs, entry.startMs);
    session.endMs =
      session.endMs === null || entry.endMs === null
        ? null
        : Math.max(session.endMs, entry.endMs);
    for (const field of entry.rootFields)
      session.operations[field] = (session.operations[field] ?? 0) + 1;
  }
  return [...byToken.values()].sort((a, b) => a.startMs - b.startMs);
}

type Interval = { start: number; end: number | null; label?: string };

/**
 * Pairs of intervals that intersect. An open interval (end null) runs to +infinity, so a session
 * that never finished overlaps everything that started after it.
 */
export function overlaps(intervals: Interval[]): Array<[Interval, Interval]> {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const found: Array<[Interval, Interval]> = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const end = sorted[i].end ?? Infinity;
      if (sorted[j].start >= end) break;
      found.push([sorted[i], sorted[j]]);
    }
  }
  return found;
}
