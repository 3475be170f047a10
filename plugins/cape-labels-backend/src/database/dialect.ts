import type { Knex } from 'knex';

export function isPostgres(db: Knex): boolean {
  return ['pg', 'postgres', 'postgresql'].includes(
    String(db.client.config.client),
  );
}
