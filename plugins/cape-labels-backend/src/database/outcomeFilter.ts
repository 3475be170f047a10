import type { Knex } from 'knex';
import type { OutcomeFilter } from '@smartx-cape/plugin-cape-labels-common';
import { isPostgres } from './dialect';
import { OUTCOMES, type OutcomeRow } from './tables';

/** `%`, `_` and the escape character itself match literally in the search. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, c => `\\${c}`)}%`;
}

/**
 * The rows of one run that pass `filter`. The value search is case-insensitive: ILIKE on
 * PostgreSQL, LIKE on SQLite (which folds ASCII letters only).
 */
export function filteredOutcomes(
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
