import { NotFoundError } from '@backstage/errors';
import type { Knex } from 'knex';
import type { Run, RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import { chunks } from '../lib/chunks';
import { isPostgres } from './dialect';
import { SIGN_OF_LIFE, aliveSince, type StoreClock } from './liveness';
import {
  SUMMARY_COLUMNS,
  rowToRun,
  rowToSummary,
  toMillis,
  type SummaryRow,
} from './rowMapping';
import { RUNS, type DbBigInt, type RunRow } from './tables';

export async function getRun(
  db: Knex,
  clock: StoreClock,
  runId: string,
): Promise<Run | undefined> {
  const row = await db<RunRow>(RUNS).where({ id: runId }).first();
  return row ? rowToRun(row, clock().getTime()) : undefined;
}

/**
 * Newest first; `before` is a run id (keyset). A `before` that is not a run of the Tower is a
 * `NotFoundError`: the end of the list and an unknown cursor read differently.
 */
export async function listRuns(
  db: Knex,
  clock: StoreClock,
  towerId: string,
  options: { limit: number; before?: string },
): Promise<RunSummary[]> {
  const query = db<RunRow>(RUNS)
    .select(...SUMMARY_COLUMNS)
    .where({ tower_id: towerId })
    .orderBy('seq', 'desc')
    .limit(options.limit);
  if (options.before !== undefined) {
    const before = await db<RunRow>(RUNS)
      .select('seq')
      .where({ id: options.before, tower_id: towerId })
      .first();
    if (!before) {
      throw new NotFoundError(
        `No run '${options.before}' of Tower '${towerId}'`,
      );
    }
    query.andWhere('seq', '<', before.seq);
  }
  const rows: SummaryRow[] = await query;
  const now = clock().getTime();
  return rows.map(row => rowToSummary(row, now));
}

/** Towers with a live run (`running`, recent heartbeat). */
export async function runningTowers(
  db: Knex,
  clock: StoreClock,
  towerIds: string[],
): Promise<Set<string>> {
  const result = new Set<string>();
  const since = aliveSince(clock().getTime());
  for (const ids of chunks([...new Set(towerIds)])) {
    const rows: Array<Pick<RunRow, 'tower_id'>> = await db<RunRow>(RUNS)
      .distinct('tower_id')
      .where({ status: 'running' })
      .whereIn('tower_id', ids)
      .whereRaw(`${SIGN_OF_LIFE} >= ?`, [since]);
    for (const row of rows) {
      result.add(row.tower_id);
    }
  }
  return result;
}

/**
 * Start of the Tower's newest scheduled sweep that ran to an end (succeeded, partial or
 * failed): the schedule's anchor. An aborted or lost one did not do the schedule's work.
 */
export async function lastScheduledStart(
  db: Knex,
  towerId: string,
): Promise<Date | undefined> {
  const row: Pick<RunRow, 'started_at'> | undefined = await db<RunRow>(RUNS)
    .select('started_at')
    .where({ tower_id: towerId, trigger: 'schedule' })
    .whereIn('status', ['succeeded', 'partial', 'failed'])
    .orderBy('seq', 'desc')
    .first();
  return row ? new Date(toMillis(row.started_at)) : undefined;
}

/**
 * When each Tower's newest succeeded run (a preview too) finished, in epoch ms; Towers without
 * one are absent. From the shared database, so every replica tells the same.
 */
export async function lastSucceeded(
  db: Knex,
  towerIds: string[],
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  for (const ids of chunks([...new Set(towerIds)])) {
    const rows: Array<{ tower_id: string; finished_at: DbBigInt | null }> =
      await db<RunRow>(RUNS)
        .select('tower_id')
        .max({ finished_at: 'finished_at' })
        .where({ status: 'succeeded' })
        .whereIn('tower_id', ids)
        .groupBy('tower_id');
    for (const row of rows) {
      if (row.finished_at !== null)
        result.set(row.tower_id, toMillis(row.finished_at));
    }
  }
  return result;
}

/** Towers per lastRuns query: a UNION ALL term each (SQLite allows 500). */
const LAST_RUNS_CHUNK = 100;

/** Newest run of each Tower (one indexed query). */
export async function lastRuns(
  db: Knex,
  clock: StoreClock,
  towerIds: string[],
): Promise<Map<string, RunSummary>> {
  const now = clock().getTime();
  const result = new Map<string, RunSummary>();
  for (const row of await newestRows(db, [...new Set(towerIds)])) {
    result.set(row.tower_id, rowToSummary(row, now));
  }
  return result;
}

async function newestRows(db: Knex, towerIds: string[]): Promise<SummaryRow[]> {
  if (isPostgres(db)) {
    // One index probe per Tower through a LATERAL join: a small statement whatever the number of
    // Towers. PostgreSQL took 10-25 ms just to plan the UNION ALL form below for 10 Towers
    // (test/bench/apiBench.ts); this one plans and runs in about 1 ms.
    const columns = SUMMARY_COLUMNS.map(c => `r."${c}"`).join(', ');
    const { rows } = (await db.raw(
      `select ${columns} from unnest(?::text[]) as t(tower_id)
        cross join lateral (
          select * from ${RUNS} where ${RUNS}.tower_id = t.tower_id order by seq desc limit 1
        ) r`,
      [towerIds],
    )) as { rows: SummaryRow[] };
    return rows;
  }
  const result: SummaryRow[] = [];
  for (const ids of chunks(towerIds, LAST_RUNS_CHUNK)) {
    // One `max(seq) where tower_id = ?` per Tower, each answered from an index (no scan
    // or sort of the Tower's runs), then one primary-key lookup per Tower.
    const rows: SummaryRow[] = await db<RunRow>(RUNS)
      .select(...SUMMARY_COLUMNS)
      .whereIn('seq', function newest() {
        ids.forEach((towerId, i) => {
          const max = (qb: Knex.QueryBuilder) =>
            qb.max('seq').from(RUNS).where('tower_id', towerId);
          if (i === 0) {
            max(this);
          } else {
            this.unionAll(max);
          }
        });
      });
    result.push(...rows);
  }
  return result;
}
