import knexFactory, { type Knex } from 'knex';
import { openDatabase } from './benchDatabase';

/** Where the sweep bench keeps the plugin's run store. */
export type StoreKind = 'memory' | 'file' | 'pg';

export const STORE_KINDS: readonly StoreKind[] = ['memory', 'file', 'pg'];

export type SweepStore = {
  knex: Knex;
  kind: StoreKind;
  /** For the log: where the store lives, and whether its pages are in the sweeper's heap. */
  label: string;
  /** The store's size: in-memory pages, the SQLite file with its WAL, or pg_database_size. */
  sizeMB: () => Promise<number>;
  close: () => Promise<void>;
};

export function parseStoreKind(value: string): StoreKind {
  const kind = STORE_KINDS.find(k => k === value);
  if (!kind)
    throw new Error(
      `--store must be one of ${STORE_KINDS.join(', ')}, not ${value}`,
    );
  return kind;
}

/** Pages of an in-memory SQLite database: part of the sweeping process's RSS. */
async function sqlitePagesMB(knex: Knex): Promise<number> {
  const [{ page_count: pages }] = await knex.raw('pragma page_count');
  const [{ page_size: size }] = await knex.raw('pragma page_size');
  return (pages * size) / 2 ** 20;
}

/**
 * A fresh store for one sweep. `memory` is SQLite in the sweeping process (its pages count in the
 * RSS growth); `file` a SQLite file in the temp folder and `pg` a scratch PostgreSQL database on
 * 127.0.0.1:5432 (created here, dropped by `close`), as a portal keeps its store.
 */
export async function openSweepStore(
  kind: StoreKind,
  name: string,
): Promise<SweepStore> {
  if (kind === 'memory') {
    const knex = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: ':memory:' },
      useNullAsDefault: true,
    });
    return {
      knex,
      kind,
      label: 'SQLite in memory (in the sweeper process)',
      sizeMB: () => sqlitePagesMB(knex),
      close: () => knex.destroy(),
    };
  }
  const db = await openDatabase(kind === 'file' ? 'sqlite' : 'pg', name);
  // A SQLite file is put in WAL mode by the plugin's store itself (createRunStore).
  return {
    knex: db.knex,
    kind,
    label: `${kind === 'file' ? 'SQLite file' : 'PostgreSQL'} ${db.where} (outside the heap)`,
    sizeMB: async () => (await db.size()) / 2 ** 20,
    close: () => db.drop(),
  };
}
