import type { Knex } from 'knex';
import type { SourceCount } from '@smartx-cape/plugin-cape-labels-common';
import { plainValue } from '../lib/plainText';
import { OUTCOMES, RUNS } from './tables';

/** PostgreSQL answers count(*) as a string. */
type TopRow = { value: string; deleted: number | string };

/**
 * The values of `key` whose labels runs of the Tower started since `since` deleted most, most
 * first (ties by value). Grouped in the database: never loads the outcomes.
 */
export async function topDeletedValues(
  db: Knex,
  options: { towerId: string; key: string; since: Date; limit: number },
): Promise<SourceCount[]> {
  const rows = (await db(`${OUTCOMES} as o`)
    .join(`${RUNS} as r`, 'r.id', 'o.run_id')
    .where('r.tower_id', options.towerId)
    .andWhere('r.started_at', '>=', options.since.getTime())
    .andWhere('o.action', 'deleted')
    .andWhere('o.key', options.key)
    .whereNotNull('o.value')
    .groupBy('o.value')
    .select('o.value as value')
    .count({ deleted: '*' })
    .orderBy([
      { column: 'deleted', order: 'desc' },
      { column: 'value', order: 'asc' },
    ])
    .limit(options.limit)) as TopRow[];
  return rows.map(r => ({
    value: plainValue(r.value),
    deleted: Number(r.deleted),
  }));
}
