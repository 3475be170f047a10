import type { Knex } from 'knex';
import { chunks } from '../lib/chunks';

export function isPostgres(db: Knex): boolean {
  return db.client.dialect === 'postgresql';
}

/**
 * Rollback mode made each commit wait for several fsyncs on the event loop (a 1,000,000-label
 * sweep: p99 ~160 ms); the log keeps commits durable (`synchronous` stays FULL) with one fsync.
 */
export async function useWriteAheadLog(db: Knex): Promise<void> {
  const { client, connection } = db.client.config as {
    client?: unknown;
    connection?: string | { filename?: string };
  };
  const filename =
    typeof connection === 'string' ? connection : connection?.filename;
  if (String(client).includes('sqlite') && filename && filename !== ':memory:')
    await db.raw('PRAGMA journal_mode = WAL');
}

/*
 * A whole batch goes as one array parameter (`unnest()` on PostgreSQL, `json_each()` on SQLite):
 * knex's one placeholder per value made compiling dominate the store's share of a large sweep.
 */

/** Rows (or ids) per statement: bounds how long one statement blocks the event loop on SQLite. */
export const ARRAY_BATCH = 5_000;

export type BatchColumn = { name: string; type: 'text' | 'int' };

/** `rows` hold their values in the order of `columns`, after the `fixed` ones (sent once, not per row). */
export async function insertBatch(
  db: Knex,
  table: string,
  columns: readonly BatchColumn[],
  rows: readonly (string | number | null)[][],
  fixedColumns: Record<string, string> = {},
): Promise<void> {
  const pg = isPostgres(db);
  const fixed = Object.entries(fixedColumns);
  const names = [...fixed.map(([name]) => name), ...columns.map(c => c.name)];
  const constants = fixed.map(() => (pg ? '?::text, ' : '?, ')).join('');
  const source = pg
    ? `select ${constants}u.* from unnest(${columns.map(c => `?::${c.type}[]`).join(', ')}) as u`
    : // jsonb_each (SQLite 3.45+): json_extract reads its binary rows without parsing them again.
      `select ${constants}${columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(', ')} from jsonb_each(?)`;
  const sql = `insert into ${table} (${names.join(', ')}) ${source}`;
  const values = fixed.map(([, value]) => value);
  for (const slice of chunks(rows, ARRAY_BATCH)) {
    const batch = pg
      ? columns.map((_, i) => slice.map(row => row[i]))
      : [JSON.stringify(slice)];
    await db.raw(sql, [...values, ...batch] as Knex.RawBinding[]);
  }
}

export async function deleteWhereIn(
  db: Knex,
  table: string,
  column: string,
  ids: readonly string[],
  where: Record<string, string> = {},
): Promise<void> {
  const pg = isPostgres(db);
  const inIds = pg
    ? `${column} = any(?::text[])`
    : `${column} in (select value from json_each(?))`;
  const conditions = [...Object.keys(where).map(c => `${c} = ?`), inIds];
  const sql = `delete from ${table} where ${conditions.join(' and ')}`;
  for (const slice of chunks(ids, ARRAY_BATCH)) {
    const inSlice = pg ? slice : JSON.stringify(slice);
    await db.raw(sql, [...Object.values(where), inSlice] as Knex.RawBinding[]);
  }
}
