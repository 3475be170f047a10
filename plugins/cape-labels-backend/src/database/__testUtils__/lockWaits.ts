import type { Knex } from 'knex';

/** How many sessions of this PostgreSQL database wait for a lock. */
export async function lockWaits(knex: Knex): Promise<number> {
  const [row] = await knex
    .select(knex.raw('count(*)::int as waiting'))
    .from('pg_stat_activity')
    .where({ datname: knex.raw('current_database()') })
    .andWhere({ wait_event_type: 'Lock' });
  return row.waiting;
}
