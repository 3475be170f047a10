import { NotFoundError } from '@backstage/errors';
import type { Knex } from 'knex';
import type {
  LabelOutcome,
  OutcomeFilter,
  OutcomePage,
  SourceCount,
} from '@smartx-cape/plugin-cape-labels-common';
import { plainValue } from '../lib/plainText';
import { isPostgres } from './dialect';
import { countedOnly, rowToOutcome } from './rowMapping';
import { OUTCOMES, RUNS, type OutcomeRow, type RunRow } from './tables';

/** `%`, `_` and the escape character itself match literally in the search. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, c => `\\${c}`)}%`;
}

/**
 * The rows of one run that pass `filter`. The value search is case-insensitive: ILIKE on
 * PostgreSQL, LIKE on SQLite (which folds ASCII letters only).
 */
function filteredOutcomes(
  db: Knex,
  runId: string,
  filter: OutcomeFilter,
): Knex.QueryBuilder<OutcomeRow, OutcomeRow[]> {
  const query = db<OutcomeRow>(OUTCOMES).where({ run_id: runId });
  if (filter.action !== undefined) query.andWhere({ action: filter.action });
  if (filter.reason !== undefined) query.andWhere({ reason: filter.reason });
  if (filter.key !== undefined) query.andWhere({ key: filter.key });
  if (filter.search !== undefined) {
    const operator = isPostgres(db) ? 'ilike' : 'like';
    query.andWhereRaw(`?? ${operator} ? escape '\\'`, [
      'value',
      likePattern(filter.search),
    ]);
  }
  return query;
}

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

/** PostgreSQL answers count(*) as a string. */
type TopRow = { value: string; deleted: number | string };

/**
 * The values of `key` whose labels runs of the Tower started since `since` deleted most, most
 * first (ties by value). Grouped in the database: never loads the outcomes.
 */
export async function topDeletedValues(
  db: Knex,
  options: { towerId: string; key: string; since: Date; limit: number },
): Promise<SourceCount[]> {
  const rows = (await db(`${OUTCOMES} as o`)
    .join(`${RUNS} as r`, 'r.id', 'o.run_id')
    .where('r.tower_id', options.towerId)
    .andWhere('r.started_at', '>=', options.since.getTime())
    .andWhere('o.action', 'deleted')
    .andWhere('o.key', options.key)
    .whereNotNull('o.value')
    .groupBy('o.value')
    .select('o.value as value')
    .count({ deleted: '*' })
    .orderBy([
      { column: 'deleted', order: 'desc' },
      { column: 'value', order: 'asc' },
    ])
    .limit(options.limit)) as TopRow[];
  return rows.map(r => ({
    value: plainValue(r.value),
    deleted: Number(r.deleted),
  }));
}
