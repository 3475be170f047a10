import { rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';

/** `memory`: SQLite in this process; `sqlite`: a SQLite file; `pg`: PostgreSQL on 127.0.0.1. */
export type DatabaseKind = 'memory' | 'sqlite' | 'pg';

const PG = { host: '127.0.0.1', port: 5432, user: 'postgres' };

export type BenchDatabase = {
  knex: Knex;
  kind: DatabaseKind;
  /** The file or connection string, for the log. */
  where: string;
  /** Bytes: in-memory SQLite pages, the SQLite file (with its WAL), or pg_database_size. */
  size: () => Promise<number>;
  drop: () => Promise<void>;
};

/** Pages of a SQLite database (in memory: part of this process's RSS). */
async function sqlitePageBytes(knex: Knex): Promise<number> {
  const [{ page_count: pages }] = await knex.raw('pragma page_count');
  const [{ page_size: size }] = await knex.raw('pragma page_size');
  return pages * size;
}

/**
 * A scratch database: SQLite in memory, a SQLite file in the temp folder, or a PostgreSQL
 * database on 127.0.0.1 (created here, dropped by `drop`).
 */
export async function openDatabase(
  kind: DatabaseKind,
  name: string,
): Promise<BenchDatabase> {
  if (kind === 'memory') {
    const knex = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: ':memory:' },
      useNullAsDefault: true,
    });
    return {
      knex,
      kind,
      where: ':memory:',
      size: () => sqlitePageBytes(knex),
      drop: () => knex.destroy(),
    };
  }
  if (kind === 'sqlite') {
    const file = path.join(os.tmpdir(), `${name}.sqlite`);
    const files = [file, `${file}-wal`, `${file}-shm`];
    files.forEach(f => rmSync(f, { force: true }));
    const knex = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: file },
      useNullAsDefault: true,
    });
    return {
      knex,
      kind,
      where: file,
      size: async () =>
        files.reduce(
          (sum, f) => sum + (statSync(f, { throwIfNoEntry: false })?.size ?? 0),
          0,
        ),
      drop: async () => {
        await knex.destroy();
        files.forEach(f => rmSync(f, { force: true }));
      },
    };
  }
  const admin = knexFactory({
    client: 'pg',
    connection: { ...PG, database: 'postgres' },
    pool: { min: 0, max: 1 },
  });
  await admin.raw(`drop database if exists ${name}`);
  await admin.raw(`create database ${name}`);
  const knex = knexFactory({
    client: 'pg',
    connection: { ...PG, database: name },
    pool: { min: 0, max: 10 },
  });
  return {
    knex,
    kind,
    where: `postgresql://postgres@127.0.0.1:5432/${name}`,
    size: async () => {
      const { rows } = await knex.raw(
        'select pg_database_size(current_database()) as bytes',
      );
      return Number(rows[0].bytes);
    },
    drop: async () => {
      await knex.destroy();
      await admin.raw(`drop database if exists ${name}`);
      await admin.destroy();
    },
  };
}

/** Runs `fn` on a scratch database, dropped afterwards unless BENCH_KEEP_DB is set. */
export async function withDatabase<T>(
  kind: DatabaseKind,
  name: string,
  fn: (db: BenchDatabase) => Promise<T>,
): Promise<T> {
  const db = await openDatabase(kind, name);
  try {
    return await fn(db);
  } finally {
    // eslint-disable-next-line no-console
    if (process.env.BENCH_KEEP_DB) console.log(`kept ${db.where}`);
    else await db.drop();
  }
}

/**
 * PostgreSQL reuses the space of deleted rows only once they are vacuumed. Where autovacuum is
 * off (as on the development machine's server), this stands in for it: VACUUM of `table` when
 * its dead rows pass autovacuum's default trigger (50 + 20 % of its live rows). Returns whether
 * it vacuumed; never on SQLite, or while autovacuum is on.
 */
export async function vacuumLikeAutovacuum(
  db: BenchDatabase,
  table: string,
): Promise<boolean> {
  if (db.kind !== 'pg') return false;
  const setting = await db.knex.raw('show autovacuum');
  if (setting.rows[0].autovacuum === 'on') return false;
  const { rows } = await db.knex.raw(
    'select n_live_tup as live, n_dead_tup as dead from pg_stat_user_tables where relname = ?',
    [table],
  );
  if (!rows[0] || Number(rows[0].dead) <= 50 + 0.2 * Number(rows[0].live))
    return false;
  await db.knex.raw(`vacuum ${table}`);
  return true;
}
