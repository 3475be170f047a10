/**
 * Forty Towers on three real backends sharing one PostgreSQL, every Tower swept every 20 s:
 * the starts spread, no replica runs more than its `maxConcurrentSweeps`, no Tower waits for
 * long (fresh orphans half-way are swept too), no sweep overlaps itself and nothing wrong is
 * deleted. Run by `npm run test:fleet` (Node 20's `npm test` only: see jest.config.js).
 */
import { pollUntil, sleep } from '../support/processes';
import {
  Fleet,
  FLEET,
  longestWait,
  peakRunsPerReplica,
  peakStartsPerSecond,
} from './fleetWorld';

const MAX_CONCURRENT = 4;
const INTERVALS = 2;

describe('forty Towers on three replicas', () => {
  let fleet: Fleet;
  let phases: number[];
  const t0 = Date.now();
  const step = (what: string) =>
    console.log(`[+${((Date.now() - t0) / 1000).toFixed(1)} s] ${what}`);

  beforeAll(async () => {
    fleet = await Fleet.create({
      tag: 'fleet',
      capeLabels: { maxConcurrentSweeps: MAX_CONCURRENT },
    });
    await fleet.startFirst();
    phases = await fleet.taskPhases();
    await fleet.startOthers();
    step('replicas healthy');
  }, 300_000);

  afterAll(async () => {
    await fleet?.dispose();
  }, 60_000);

  it('spreads the starts, holds each replica to its bound, sweeps every Tower once at a time and deletes only old orphans', async () => {
    const w0 = Date.now();
    const w1 = w0 + INTERVALS * FLEET.intervalS * 1000;
    await sleep((w1 - w0) / 2);
    const lateAt = Date.now();
    fleet.seedLate('late');
    await sleep(w1 - Date.now());
    // Every Tower swept from start to end after the late orphans (figures printed either way).
    const unswept = async () => {
      const runs = await fleet.db.runs();
      return fleet.towerIds.filter(
        id =>
          !runs.some(
            r => r.towerId === id && r.startedAt > lateAt && r.finishedAt,
          ),
      );
    };
    const left = await pollUntil(
      'every Tower swept after the late orphans',
      async () => {
        const towers = await unswept();
        return towers.length === 0 || Date.now() > w1 + 40_000
          ? towers
          : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 1000 },
    );
    const end = Date.now();
    step(
      `Towers not swept after the late orphans: ${left.join(' ') || 'none'}`,
    );

    const runs = await fleet.db.runs();
    const peaks = peakRunsPerReplica(runs);
    const waits = fleet.towerIds.map(id =>
      longestWait(
        runs.filter(r => r.towerId === id),
        w0,
        end,
      ),
    );
    const audits = [...fleet.audit().values()];
    console.log(
      JSON.stringify({
        phases: [...phases].sort((a, b) => a - b).join(' '),
        runs: runs.length,
        peakRunsPerReplica: Object.fromEntries(peaks),
        peakStartsPerSecond: peakStartsPerSecond(
          runs.filter(r => r.startedAt >= w0),
        ),
        longestWaitS: Math.max(...waits) / 1000,
        deleted: audits.reduce((n, a) => n + a.deleted, 0),
      }),
    );

    // The scheduler plans the 40 first starts over the interval, not in one second.
    expect(phases).toHaveLength(FLEET.towers);
    expect(new Set(phases).size).toBeGreaterThanOrEqual(12);
    // Which replica claims a due task is the scheduler's: the first whose poll of its table comes
    // after the task's start. A replica whose poll falls just behind another's may claim nothing,
    // so the test asks that the work was shared, not that every replica had some.
    expect(peaks.size).toBeGreaterThanOrEqual(2);
    expect(Math.max(...peaks.values())).toBeLessThanOrEqual(MAX_CONCURRENT);
    expect(left).toEqual([]);
    // No Tower starves: a full replica's Towers are taken up by the others within an interval or two.
    expect(Math.max(...waits)).toBeLessThanOrEqual(3 * FLEET.intervalS * 1000);
    // The replicas sweep on while the runs are read: a run may be under way then, never stuck.
    const ended = runs.filter(r => r.finishedAt !== null);
    expect([...new Set(ended.map(r => r.status))]).toEqual(['succeeded']);
    const readAt = Date.now();
    for (const run of runs.filter(r => r.finishedAt === null)) {
      expect(run.status).toBe('running');
      expect(readAt - run.startedAt).toBeLessThan(60_000);
    }
    expect(await fleet.overlaps()).toBe(0);
    for (const audit of audits) {
      expect(audit.wrong).toEqual([]);
      expect(audit.unique).toBe(audit.deleted);
      expect(audit.oldOrphansLeft).toBe(0);
    }
  });
});
