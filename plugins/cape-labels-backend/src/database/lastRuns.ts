import type { Knex } from 'knex';
import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import { chunks } from '../lib/chunks';
import { isPostgres } from './dialect';
import type { StoreClock } from './liveness';
import { SUMMARY_COLUMNS, rowToSummary, type SummaryRow } from './rowMapping';
import { RUNS, type RunRow } from './tables';

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
