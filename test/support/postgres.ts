import knexFactory, { type Knex } from 'knex';
import { LOCAL_POSTGRES, type PostgresConnection } from './config';

/** A run row as stored in cape_labels_runs, with times as epoch ms. */
export type StoredRun = {
  seq: number;
  id: string;
  towerId: string;
  trigger: string;
  dryRun: boolean;
  status: string;
  startedAt: number;
  finishedAt: number | null;
  deleted: number;
  instance: string;
  errorCode: string | null;
};

type RunRecord = {
  seq: number;
  id: string;
  tower_id: string;
  trigger: string;
  dry_run: boolean;
  status: string;
  started_at: string | number;
  finished_at: string | number | null;
  deleted: number;
  instance: string;
  error_code: string | null;
};

function connect(
  database: string,
  connection: PostgresConnection = LOCAL_POSTGRES,
): Knex {
  return knexFactory({
    client: 'pg',
    connection: { ...connection, database },
    pool: { min: 0, max: 2 },
  });
}

/** The database Backstage creates for a plugin under a prefix. */
function pluginDatabase(prefix: string, pluginId = 'cape-labels'): string {
  return `${prefix}${pluginId}`;
}

/** Direct access to one test run's cape-labels database. */
export class CapeLabelsDb {
  readonly knex: Knex;

  constructor(prefix: string, connection: PostgresConnection = LOCAL_POSTGRES) {
    this.knex = connect(pluginDatabase(prefix), connection);
  }

  async runs(towerId?: string): Promise<StoredRun[]> {
    const query = this.knex<RunRecord>('cape_labels_runs')
      .select(
        'seq',
        'id',
        'tower_id',
        'trigger',
        'dry_run',
        'status',
        'started_at',
        'finished_at',
        'deleted',
        'instance',
        'error_code',
      )
      .orderBy('seq');
    if (towerId) query.where({ tower_id: towerId });
    const rows: RunRecord[] = await query;
    return rows.map(r => ({
      seq: r.seq,
      id: r.id,
      towerId: r.tower_id,
      trigger: r.trigger,
      dryRun: r.dry_run,
      status: r.status,
      startedAt: Number(r.started_at),
      finishedAt: r.finished_at === null ? null : Number(r.finished_at),
      deleted: r.deleted,
      instance: r.instance,
      errorCode: r.error_code,
    }));
  }

  /** The scheduler's lease of a task: who holds it and until when (null when free). */
  async lease(taskId: string): Promise<{
    ticket: string | null;
    expiresAt: number | null;
    nextRunAt: number | null;
  }> {
    const row:
      | {
          current_run_ticket: string | null;
          current_run_expires_at: Date | null;
          next_run_start_at: Date | null;
        }
      | undefined = await this.knex('backstage_backend_tasks__tasks')
      .select(
        'current_run_ticket',
        'current_run_expires_at',
        'next_run_start_at',
      )
      .where({ id: taskId })
      .first();
    return {
      ticket: row?.current_run_ticket ?? null,
      expiresAt: row?.current_run_expires_at
        ? new Date(row.current_run_expires_at).getTime()
        : null,
      nextRunAt: row?.next_run_start_at
        ? new Date(row.next_run_start_at).getTime()
        : null,
    };
  }

  /** Migration names and how often each was recorded, per migrations table. */
  async migrationCounts(): Promise<Record<string, Record<string, number>>> {
    const result: Record<string, Record<string, number>> = {};
    for (const table of [
      'knex_migrations',
      'backstage_backend_tasks__knex_migrations',
    ]) {
      const rows: Array<{ name: string; count: string | number }> =
        await this.knex(table)
          .select('name')
          .count({ count: '*' })
          .groupBy('name');
      result[table] = Object.fromEntries(
        rows.map(r => [r.name, Number(r.count)]),
      );
    }
    return result;
  }

  close(): Promise<void> {
    return this.knex.destroy();
  }
}

/** Drops every database whose name starts with the prefix (the test run's plugin databases). */
export async function dropDatabases(
  prefix: string,
  connection: PostgresConnection = LOCAL_POSTGRES,
): Promise<string[]> {
  if (!/^[a-z0-9_]+$/.test(prefix))
    throw new Error(`refusing to drop databases with prefix ${prefix}`);
  const admin = connect('postgres', connection);
  try {
    const rows: Array<{ datname: string }> = await admin('pg_database')
      .select('datname')
      .where('datname', 'like', `${prefix}%`);
    for (const { datname } of rows) {
      await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [datname]);
    }
    return rows.map(r => r.datname);
  } finally {
    await admin.destroy();
  }
}
