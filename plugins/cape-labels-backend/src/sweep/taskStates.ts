import type { Knex } from 'knex';

/** The Backstage scheduler's own table, kept in the plugin's database. */
const SCHEDULER_TABLE = 'backstage_backend_tasks__tasks';

export type TaskState = {
  /** When the scheduler will next start the task. */
  nextRunAt: string | null;
  /** Some replica holds the task's lease right now. */
  leaseHeld: boolean;
};

/** Reads the scheduler's state of tasks; a missing entry means "unknown". */
export type TaskStateLookup = (
  taskIds: string[],
) => Promise<Map<string, TaskState>>;

type TaskRow = {
  id: string;
  next_run_start_at: Date | string | null;
  current_run_ticket: string | null;
  current_run_expires_at: Date | string | null;
};

// SQLite hands the scheduler's timestamps back as 'YYYY-MM-DD HH:MM:SS', UTC without a zone.
const SQLITE_UTC = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/;

function toDate(value: Date | string | null): Date | undefined {
  if (!value) return undefined;
  const date =
    typeof value === 'string' && SQLITE_UTC.test(value)
      ? new Date(`${value.replace(' ', 'T')}Z`)
      : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The table is the scheduler's, not ours: any failure to read it just means "unknown",
 * and nothing here writes to it.
 */
export function schedulerTaskStates(
  knex: Knex,
  now: () => Date = () => new Date(),
): TaskStateLookup {
  return async taskIds => {
    const result = new Map<string, TaskState>();
    try {
      const rows: TaskRow[] = await knex(SCHEDULER_TABLE)
        .whereIn('id', taskIds)
        .select(
          'id',
          'next_run_start_at',
          'current_run_ticket',
          'current_run_expires_at',
        );
      for (const row of rows) {
        const expires = toDate(row.current_run_expires_at);
        result.set(row.id, {
          nextRunAt: toDate(row.next_run_start_at)?.toISOString() ?? null,
          leaseHeld:
            Boolean(row.current_run_ticket) && (!expires || expires > now()),
        });
      }
    } catch {
      // unknown
    }
    return result;
  };
}
