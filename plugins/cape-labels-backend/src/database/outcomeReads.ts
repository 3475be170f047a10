import { NotFoundError } from '@backstage/errors';
import type { Knex } from 'knex';
import type {
  LabelOutcome,
  OutcomeFilter,
  OutcomePage,
} from '@smartx-cape/plugin-cape-labels-common';
import { filteredOutcomes } from './outcomeFilter';
import { countedOnly, rowToOutcome } from './rowMapping';
import { RUNS, type OutcomeRow, type RunRow } from './tables';

/**
 * A page of the run's outcomes that pass the filter, how many pass it, and which kept reasons
 * the run only counts. NotFoundError when the run does not exist.
 */
export async function listOutcomes(
  db: Knex,
  runId: string,
  options: { limit: number; offset: number } & OutcomeFilter,
): Promise<OutcomePage> {
  const { limit, offset, ...filter } = options;
  // Unfiltered, the run's row counter is the total: no count(*) over its (maybe 100,000) rows.
  const filtered = Object.values(filter).some(v => v !== undefined);
  const [run, countRow, rows] = await Promise.all([
    db<RunRow>(RUNS)
      .select('routine_listed', 'outcome_rows')
      .where({ id: runId })
      .first(),
    filtered
      ? filteredOutcomes(db, runId, filter).count({ total: '*' }).first()
      : undefined,
    filteredOutcomes(db, runId, filter)
      .select('*')
      .orderBy('seq', 'asc')
      .offset(offset)
      .limit(limit),
  ]);
  if (!run) throw new NotFoundError(`No run '${runId}'`);
  return {
    items: rows.map(rowToOutcome),
    total: Number(filtered ? (countRow?.total ?? 0) : run.outcome_rows),
    countedOnly: countedOnly(run),
  };
}
/**
 * The outcomes of a run that pass `filter`, in pages of `pageSize` read by keyset on `seq`:
 * never more than one page in memory, and no OFFSET scan.
 */
export async function* iterateOutcomes(
  db: Knex,
  runId: string,
  filter: OutcomeFilter,
  pageSize: number,
): AsyncGenerator<LabelOutcome[]> {
  let after = 0;
  for (;;) {
    const rows: OutcomeRow[] = await filteredOutcomes(db, runId, filter)
      .andWhere('seq', '>', after)
      .select('*')
      .orderBy('seq', 'asc')
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map(rowToOutcome);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].seq;
  }
}
