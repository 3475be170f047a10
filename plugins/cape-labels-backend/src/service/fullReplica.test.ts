import type { Knex } from 'knex';
import { setTimeout as sleep } from 'node:timers/promises';
import { backendForDescribe, towerEntry } from './__testUtils__/testBackend';

const TOWERS = ['t1', 't2', 't3', 't4', 't5'];
const PERIOD_MS = 3000;
const WATCH_MS = 45_000;

/**
 * The writes knex sends to the scheduler's table of tasks: `triggers` (a task made due now, as a
 * trigger does) apart from the scheduler's own claims and releases of each start.
 */
function countTaskWrites(knex: Knex) {
  const counts = { all: 0, triggers: 0 };
  const onQuery = (query: { sql: string; method?: string }) => {
    if (
      !query.sql.includes('backstage_backend_tasks__tasks') ||
      !['insert', 'update', 'del'].includes(query.method ?? '')
    )
      return;
    counts.all++;
    if (
      /set\s+\S*next_run_start_at\S*\s*=\s*CURRENT_TIMESTAMP/i.test(query.sql)
    )
      counts.triggers++;
  };
  knex.on('query', onQuery);
  return { counts, stop: () => knex.off('query', onQuery) };
}

/*
 * One replica with one slot and five Towers due every 3 s: the replica stays full. Towers that
 * find the slot taken wait in its line and take it in turn; none is given back and triggered
 * again and again, so the scheduler's table sees little beyond its own claims and releases.
 */
describe('One replica, every slot taken', () => {
  const b = backendForDescribe({
    realScheduler: true,
    capeLabels: url => ({
      maxConcurrentSweeps: 1,
      schedule: {
        frequency: { seconds: PERIOD_MS / 1000 },
        timeout: { minutes: 1 },
        initialDelay: { seconds: 1 },
      },
      towers: Object.fromEntries(
        TOWERS.map(id => [id, towerEntry(url, { resourcePrefix: id })]),
      ),
    }),
  });

  it(
    'keeps a line: every Tower starts within its turn, without looping on the scheduler',
    async () => {
      const writes = countTaskWrites(await b.db());
      const from = Date.now();
      await sleep(WATCH_MS);
      const until = Date.now();
      writes.stop();

      const starts = new Map<string, number[]>();
      let longestRun = 0;
      for (const id of TOWERS) {
        const runs = await b.runs(id);
        starts.set(
          id,
          runs
            .filter(r => r.trigger === 'schedule')
            .map(r => Date.parse(r.startedAt))
            .filter(at => at >= from)
            .sort((x, y) => x - y),
        );
        for (const r of runs) {
          if (r.finishedAt)
            longestRun = Math.max(
              longestRun,
              Date.parse(r.finishedAt) - Date.parse(r.startedAt),
            );
        }
      }
      // Due since the watch began, then one period after each start.
      const waits = TOWERS.map(id => {
        let due = from;
        let longest = 0;
        for (const at of starts.get(id)!) {
          longest = Math.max(longest, at - due);
          due = at + PERIOD_MS;
        }
        return Math.max(longest, until - due);
      });
      const sweeps = [...starts.values()].reduce((n, s) => n + s.length, 0);
      const seconds = (until - from) / 1000;
      const perSecond = writes.counts.all / seconds;
      // The scheduler's own: a claim and a release of each Tower's start, once a period.
      const schedulersOwn = (2 * TOWERS.length) / (PERIOD_MS / 1000);
      // The line's: a trigger, with a refused try, for each Tower's first hand-back at most.
      const triggerBudget = 2 * TOWERS.length;
      console.log(
        `full replica: longest wait ${Math.max(...waits)} ms, longest run ${longestRun} ms, ${sweeps} sweeps, ${writes.counts.all} writes (${perSecond.toFixed(2)}/s), ${writes.counts.triggers} triggers`,
      );

      // One period, then the slot frees for it once the Towers ahead in line have swept; SQLite's
      // clock has whole seconds, so the scheduler may start a task up to 1 s late.
      const slotFrees = (TOWERS.length - 1) * longestRun;
      for (const wait of waits)
        expect(wait).toBeLessThanOrEqual(PERIOD_MS + slotFrees + 1000);
      expect(writes.counts.triggers).toBeLessThanOrEqual(triggerBudget);
      expect(perSecond).toBeLessThanOrEqual(
        schedulersOwn + triggerBudget / seconds,
      );
    },
    WATCH_MS + 30_000,
  );
});
