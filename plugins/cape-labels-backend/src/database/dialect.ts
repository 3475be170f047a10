import type { Knex } from 'knex';

export function isPostgres(db: Knex): boolean {
  return ['pg', 'postgres', 'postgresql'].includes(
    String(db.client.config.client),
  );
}

/** sqlite3 or better-sqlite3. */
function isSqlite(db: Knex): boolean {
  return String(db.client.config.client).includes('sqlite');
}

function sqliteFilename(db: Knex): string | undefined {
  if (!isSqlite(db)) return undefined;
  const { connection } = db.client.config as {
    connection?: string | { filename?: string };
  };
  const filename =
    typeof connection === 'string' ? connection : connection?.filename;
  return filename && filename !== ':memory:' ? filename : undefined;
}

/**
 * On a SQLite file, the write-ahead log instead of the rollback journal. In rollback mode every
 * commit waits for several fsyncs on the event loop (better-sqlite3 is synchronous): a
 * 1,000,000-label sweep measured an event-loop p99 of ~160 ms. The log keeps each commit
 * durable (`synchronous` stays FULL: a deletion's record must survive a power cut) with one
 * fsync. The mode is stored in the file, so this runs once per start; in memory nothing changes.
 */
export async function useWriteAheadLog(db: Knex): Promise<void> {
  if (!sqliteFilename(db)) return;
  await db.raw('PRAGMA journal_mode = WAL');
}
