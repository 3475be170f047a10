import { NotFoundError } from '@backstage/errors';
import type { Knex } from 'knex';
import { RUNS, RunRow } from './tables';

/**
 * Reserves `count` outcome numbers of the run and returns the first. One atomic increment of
 * the run's counter: concurrent writers get disjoint ranges by construction (a failed write
 * leaves a gap, which nothing minds).
 */
export async function reserveOutcomeSeqs(
  db: Knex,
  runId: string,
  count: number,
): Promise<number> {
  const [row] = (await db<RunRow>(RUNS)
    .where({ id: runId })
    .increment('outcome_seq', count)
    .returning('outcome_seq')) as Array<Pick<RunRow, 'outcome_seq'>>;
  if (!row) throw new NotFoundError(`run ${runId} not found`);
  return Number(row.outcome_seq) - count + 1;
}
