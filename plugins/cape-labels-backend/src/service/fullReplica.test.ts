import {
  startSimulator,
  type RunningSimulator,
} from '@smartx-cape/cloudtower-simulator';
import type { Knex } from 'knex';
import { TOWER_USER } from '../__testUtils__/towerLogin';
import { backendForDescribe, towerEntry } from './__testUtils__/testBackend';

const PERIOD_MS = 3000;
const LATENCY_MS = 500;
const OBSERVED_MS = 30_000;
const TOWERS = ['t1', 't2', 't3', 't4', 't5'];

/**
 * One replica with one slot and five Towers every 3 s (Backstage's real scheduler): a Tower that
 * finds the slot taken waits in the replica's line instead of being started again and again.
 */
describe('a full replica', () => {
  const extraSims: RunningSimulator[] = [];
  beforeAll(async () => {
    for (let i = 1; i < TOWERS.length; i++)
      extraSims.push(await startSimulator({ users: [TOWER_USER] }));
  });
  afterAll(() => Promise.all(extraSims.map(s => s.stop())));

  const b = backendForDescribe({
    realScheduler: true,
    capeLabels: url => ({
      maxConcurrentSweeps: 1,
      schedule: {
        frequency: { milliseconds: PERIOD_MS },
        timeout: { minutes: 1 },
        initialDelay: { seconds: 1 },
      },
      towers: Object.fromEntries(
        TOWERS.map((id, i) => [
          id,
          towerEntry(i === 0 ? url : extraSims[i - 1].url),
        ]),
      ),
    }),
  });

  it('sweeps every Tower in its turn, and does not spin on the scheduler table', async () => {
    for (const sim of [b.sim, ...extraSims])
      sim.admin.setFaults({ latencyMs: LATENCY_MS });
    const knex: Knex = await b.db();
    let schedulerWrites = 0;
    const count = (query: { sql: string }) => {
      if (/^(update|insert|delete)\b.*backstage_backend_tasks/i.test(query.sql))
        schedulerWrites++;
    };
    knex.on('query', count);
    const from = Date.now();
    await new Promise(resolve => setTimeout(resolve, OBSERVED_MS));
    knex.off('query', count);
    const to = Date.now();

    const runs = await Promise.all(TOWERS.map(id => b.runs(id)));
    const durations = runs
      .flat()
      .filter(r => r.durationMs !== null)
      .map(r => r.durationMs!);
    const longestSweep = Math.max(...durations);
    const longestWait = Math.max(
      ...runs.map(towerRuns => {
        const starts = towerRuns
          .map(r => Date.parse(r.startedAt))
          .filter(t => t >= from && t <= to)
          .sort((x, y) => x - y);
        const points = [from, ...starts, to];
        return Math.max(...points.slice(1).map((t, i) => t - points[i]));
      }),
    );
    const writesPerSecond = schedulerWrites / ((to - from) / 1000);
    // Each Tower's task is claimed and ended once per period, and started again at most once.
    const boundPerSecond = (TOWERS.length * 3) / (PERIOD_MS / 1000);
    console.log(
      `longest wait ${longestWait} ms, longest sweep ${longestSweep} ms, scheduler writes ${writesPerSecond.toFixed(1)}/s (bound ${boundPerSecond.toFixed(1)}/s)`,
    );
    // A freed slot is taken at the scheduler's next look for due tasks (every period here): the
    // last Tower in line waits for each one ahead of it to take the slot and free it.
    const slotFreesMs = Math.max(longestSweep, PERIOD_MS);
    expect(longestWait).toBeLessThanOrEqual(
      PERIOD_MS + TOWERS.length * slotFreesMs + 1000,
    );
    expect(writesPerSecond).toBeLessThanOrEqual(boundPerSecond);
  }, 120_000);
});
