import type { Knex } from 'knex';

export function isPostgres(db: Knex): boolean {
  return ['pg', 'postgres', 'postgresql'].includes(
    String(db.client.config.client),
  );
}

/** sqlite3 or better-sqlite3. */
export function isSqlite(db: Knex): boolean {
  return String(db.client.config.client).includes('sqlite');
}
