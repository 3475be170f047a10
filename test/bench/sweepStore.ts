import type { Knex } from 'knex';
import { openDatabase } from './benchDatabase';

/** Where the sweep bench keeps the plugin's run store. */
export type StoreKind = 'memory' | 'file' | 'pg';

const STORE_KINDS: readonly StoreKind[] = ['memory', 'file', 'pg'];

type SweepStore = {
  knex: Knex;
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

const LABELS: Record<StoreKind, (where: string) => string> = {
  memory: () => 'SQLite in memory (in the sweeper process)',
  file: where => `SQLite file ${where} (outside the heap)`,
  pg: where => `PostgreSQL ${where} (outside the heap)`,
};

/**
 * A fresh store for one sweep. `memory` is SQLite in the sweeping process (its pages count in the
 * RSS growth); `file` a SQLite file in the temp folder and `pg` a scratch PostgreSQL database on
 * 127.0.0.1:5432 (created here, dropped by `close`), as a portal keeps its store. A SQLite file
 * is put in WAL mode by the plugin's store itself (openRunStore).
 */
export async function openSweepStore(
  kind: StoreKind,
  name: string,
): Promise<SweepStore> {
  const db = await openDatabase(kind === 'file' ? 'sqlite' : kind, name);
  return {
    knex: db.knex,
    label: LABELS[kind](db.where),
    sizeMB: async () => (await db.size()) / 2 ** 20,
    close: () => db.drop(),
  };
}
