import type { Knex } from 'knex';
import { chunks } from '../lib/chunks';

/*
 * How the store's SQL differs between SQLite and PostgreSQL: which one it is, SQLite's journal,
 * and batch statements that take a whole batch as one array parameter.
 */

export function isPostgres(db: Knex): boolean {
  return ['pg', 'postgres', 'postgresql'].includes(
    String(db.client.config.client),
  );
}

/**
 * On a SQLite file (sqlite3 or better-sqlite3), the write-ahead log instead of the rollback journal. In rollback mode every
 * commit waits for several fsyncs on the event loop (better-sqlite3 is synchronous): a
 * 1,000,000-label sweep measured an event-loop p99 of ~160 ms. The log keeps each commit
 * durable (`synchronous` stays FULL: a deletion's record must survive a power cut) with one
 * fsync. The mode is stored in the file, so this runs once per start; in memory nothing changes.
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
 * Batch statements that take a whole batch as one array parameter: the SQL text is small and the
 * same for every batch size, so it is cheap to compile and never near a parameter limit. knex's
 * own multi-row insert and `whereIn` write one placeholder per value (on SQLite a 500-term
 * compound SELECT), and compiling those dominated the store's share of a 100k-label sweep.
 * - PostgreSQL: one array per column through `unnest()`, ids as `= any(?::text[])`.
 * - SQLite: the rows as one JSON array expanded by `json_each()`.
 */

/** Rows (or ids) per statement: bounds how long one statement blocks the event loop on SQLite. */
export const ARRAY_BATCH = 5_000;

/** A column of a batch insert; `int` columns are written as integers. */
export type BatchColumn = { name: string; type: 'text' | 'int' };

/**
 * Inserts `rows` (values in the order of `columns`, after the `fixed` ones) in statements of up
 * to ARRAY_BATCH rows.
 */
export async function insertBatch(
  db: Knex,
  table: string,
  columns: readonly BatchColumn[],
  rows: readonly (string | number | null)[][],
  options: {
    /** Columns with the same text for every row (sent once, not per row). */
    fixed?: Record<string, string>;
    /** Rows that collide on this unique key are skipped. */
    ignoreConflictOn?: readonly string[];
  } = {},
): Promise<void> {
  const pg = isPostgres(db);
  const fixed = Object.entries(options.fixed ?? {});
  const names = [...fixed.map(([name]) => name), ...columns.map(c => c.name)];
  const constants = fixed.map(() => (pg ? '?::text, ' : '?, ')).join('');
  const source = pg
    ? `select ${constants}u.* from unnest(${columns.map(c => `?::${c.type}[]`).join(', ')}) as u`
    : // json_extract, not `->>` (SQLite 3.38+). `where true`: SQLite needs a WHERE before an
      // upsert clause on INSERT … SELECT.
      `select ${constants}${columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(', ')} from json_each(?) where true`;
  const conflict = options.ignoreConflictOn
    ? ` on conflict (${options.ignoreConflictOn.join(', ')}) do nothing`
    : '';
  const sql = `insert into ${table} (${names.join(', ')}) ${source}${conflict}`;
  const values = fixed.map(([, value]) => value);
  for (const slice of chunks(rows, ARRAY_BATCH)) {
    const batch = pg
      ? columns.map((_, i) => slice.map(row => row[i]))
      : [JSON.stringify(slice)];
    await db.raw(sql, [...values, ...batch] as Knex.RawBinding[]);
  }
}

/**
 * Deletes the rows of `table` that match `where` and whose `column` is one of `ids`, in
 * statements of up to ARRAY_BATCH ids.
 */
export async function deleteWhereIn(
  db: Knex,
  table: string,
  where: Record<string, string>,
  column: string,
  ids: readonly string[],
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
