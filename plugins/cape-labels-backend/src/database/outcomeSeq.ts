import { NotFoundError } from '@backstage/errors';
import type { Knex } from 'knex';
import { RUNS, RunRow } from './tables';

/** The numbers a write reserved and the Tower of its run. */
export type Reserved = { firstSeq: number; towerId: string };

/**
 * Reserves `count` outcome numbers of the run and returns the first. One atomic increment of
 * the run's counter: concurrent writers get disjoint ranges by construction (a failed write
 * leaves a gap, which nothing minds). It locks the run's row until its transaction ends:
 * outside one, for this statement only.
 */
export async function reserveOutcomeSeqs(
  db: Knex,
  runId: string,
  count: number,
): Promise<Reserved> {
  const [row] = (await db(RUNS)
    .where({ id: runId })
    .increment('outcome_seq', count)
    .returning(['outcome_seq', 'tower_id'])) as Array<
    Pick<RunRow, 'outcome_seq' | 'tower_id'>
  >;
  if (!row) throw new NotFoundError(`run ${runId} not found`);
  return {
    firstSeq: Number(row.outcome_seq) - count + 1,
    towerId: row.tower_id,
  };
}

/**
 * Adds to the run's counters. It locks the run's row until commit: the last statement of a
 * transaction, so that writers of one run hold that lock only for their commit.
 */
export async function addToRunCounters(
  db: Knex,
  runId: string,
  counts: Record<string, number>,
): Promise<void> {
  const updated = await db(RUNS).where({ id: runId }).increment(counts);
  if (updated === 0) throw new NotFoundError(`run ${runId} not found`);
}
