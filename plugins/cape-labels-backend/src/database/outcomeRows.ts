import type { Knex } from 'knex';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { insertBatch, type BatchColumn } from './arrayParams';
import { OUTCOMES, type OutcomeRow } from './tables';

const COLUMNS: BatchColumn[] = (
  [
    'seq',
    'label_id',
    'key',
    'value',
    'created_at',
    'action',
    'reason',
    'relation',
  ] satisfies Array<keyof OutcomeRow>
).map(name => ({ name, type: name === 'seq' ? 'int' : 'text' }));

/**
 * Inserts outcome rows of the run numbered from `firstSeq` (reserveOutcomeSeqs), sent as one
 * array parameter per batch (arrayParams.ts): a 500-row knex insert was a 4,000-parameter
 * statement that SQLite compiled anew for every chunk.
 */
export async function insertOutcomeRows(
  db: Knex,
  runId: string,
  firstSeq: number,
  outcomes: readonly LabelOutcome[],
): Promise<void> {
  const rows = outcomes.map((o, i) => [
    firstSeq + i,
    o.labelId,
    o.key,
    o.value,
    o.createdAt,
    o.action,
    o.reason ?? null,
    o.relation ?? null,
  ]);
  await insertBatch(db, OUTCOMES, COLUMNS, rows, { fixed: { run_id: runId } });
}
