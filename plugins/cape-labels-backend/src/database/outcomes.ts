import type { Knex } from 'knex';
import type {
  LabelOutcome,
  OutcomeFilter,
} from '@smartx-cape/plugin-cape-labels-common';
import { filteredOutcomes } from './outcomeFilter';
import { OUTCOMES, RUNS, SIGHTINGS, OutcomeRow, rowToOutcome } from './tables';
import { reserveOutcomeSeqs } from './outcomeSeq';
import { clearPendingDeletes } from './pendingDeletes';
import { deleteWhereIn, insertBatch, type BatchColumn } from './arrayParams';

/**
 * Outcomes that show a label in use or not a candidate: its confirmation (rule 6) starts over,
 * whatever happens to the rest of the run.
 */
const SEEN_IN_USE: ReadonlySet<string> = new Set([
  'referenced',
  'count-nonzero',
  'young',
]);

export function seenInUse(o: LabelOutcome): boolean {
  return (
    o.action === 'kept' && o.reason !== undefined && SEEN_IN_USE.has(o.reason)
  );
}

/** Forgets the sightings of labels this run saw in use, in the transaction recording it. */
async function forgetSeenInUse(
  tx: Knex.Transaction,
  runId: string,
  outcomes: LabelOutcome[],
): Promise<void> {
  const ids = [...new Set(outcomes.filter(seenInUse).map(o => o.labelId))];
  if (ids.length === 0) return;
  const run = await tx(RUNS).select('tower_id').where({ id: runId }).first();
  if (!run) return;
  await deleteWhereIn(
    tx,
    SIGHTINGS,
    { tower_id: run.tower_id },
    'label_id',
    ids,
  );
}

/** Outcome rows deleted per statement when runs are pruned. */
const DELETE_SPAN = 20_000;

export async function addOutcomes(
  db: Knex,
  runId: string,
  outcomes: LabelOutcome[],
): Promise<void> {
  if (outcomes.length === 0) {
    return;
  }
  // Batches of one run write concurrently: each takes its own range of numbers first.
  const firstSeq = await reserveOutcomeSeqs(db, runId, outcomes.length);
  await db.transaction(async tx => {
    // Rows as arrays, sent as one array parameter per batch (arrayParams.ts): a 500-row knex
    // insert was a 4,000-parameter statement that SQLite compiled anew for every chunk.
    const columns: BatchColumn[] = (
      [
        'seq',
        'label_id',
        'key',
        'value',
        'created_at',
        'action',
        'reason',
      ] satisfies Array<keyof OutcomeRow>
    ).map(name => ({ name, type: name === 'seq' ? 'int' : 'text' }));
    const rows = outcomes.map((o, i) => [
      firstSeq + i,
      o.labelId,
      o.key,
      o.value,
      o.createdAt,
      o.action,
      o.reason ?? null,
    ]);
    await insertBatch(tx, OUTCOMES, columns, rows, {
      fixed: { run_id: runId },
    });
    await forgetSeenInUse(tx, runId, outcomes);
    // Only a guarded delete's outcomes can resolve a pending delete; a `failed` label stays
    // pending: the next run re-checks whether Tower deleted it after all.
    await clearPendingDeletes(
      tx,
      runId,
      outcomes
        .filter(o => o.action === 'deleted' || o.reason === 'raced')
        .map(o => o.labelId),
    );
  });
}

export async function listOutcomes(
  db: Knex,
  runId: string,
  options: { limit: number; offset: number } & OutcomeFilter,
): Promise<{ items: LabelOutcome[]; total: number }> {
  const { limit, offset, ...filter } = options;
  const [countRow, rows] = await Promise.all([
    filteredOutcomes(db, runId, filter).count({ total: '*' }).first(),
    filteredOutcomes(db, runId, filter)
      .select('*')
      .orderBy('seq', 'asc')
      .offset(offset)
      .limit(limit),
  ]);
  return {
    items: rows.map(rowToOutcome),
    total: Number(countRow?.total ?? 0),
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

/** Deletes the outcomes of the given runs in bounded statements. */
export async function deleteOutcomesOfRuns(
  db: Knex,
  runIds: string[],
): Promise<void> {
  for (const runId of runIds) {
    const last = await db<OutcomeRow>(OUTCOMES)
      .max({ max_seq: 'seq' })
      .where({ run_id: runId })
      .first();
    const maxSeq = Number(last?.max_seq ?? 0);
    for (let low = 0; low < maxSeq; low += DELETE_SPAN) {
      await db<OutcomeRow>(OUTCOMES)
        .where({ run_id: runId })
        .andWhere('seq', '>', low)
        .andWhere('seq', '<=', low + DELETE_SPAN)
        .delete();
    }
  }
}
