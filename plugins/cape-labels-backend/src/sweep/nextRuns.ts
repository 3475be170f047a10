import type { Knex } from 'knex';
import type { NextRunLookup } from './SweepCoordinator';

/** The Backstage scheduler's own table, kept in the plugin's database. */
const SCHEDULER_TABLE = 'backstage_backend_tasks__tasks';

/**
 * Reads the scheduler's next start time per task. The table is the scheduler's, not ours,
 * so any failure just means "unknown".
 */
export function schedulerNextRuns(knex: Knex): NextRunLookup {
  return async taskIds => {
    const result = new Map<string, string | null>();
    try {
      const rows: Array<{ id: string; next_run_start_at: Date | string | null }> = await knex(SCHEDULER_TABLE)
        .whereIn('id', taskIds)
        .select('id', 'next_run_start_at');
      for (const row of rows) {
        const at = row.next_run_start_at ? new Date(row.next_run_start_at) : undefined;
        result.set(row.id, at && !Number.isNaN(at.getTime()) ? at.toISOString() : null);
      }
    } catch {
      // unknown
    }
    return result;
  };
}
