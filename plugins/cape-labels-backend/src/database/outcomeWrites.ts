import type { Knex } from 'knex';
import type {
  LabelOutcome,
  RunNote,
} from '@smartx-cape/plugin-cape-labels-common';
import { NotFoundError } from '@backstage/errors';
import { chunks } from '../lib/chunks';
import { insertBatch, type BatchColumn } from './arrayParams';
import { addedCounts } from './outcomeCounters';
import {
  clearPendingDeletes,
  settlePendingBatch,
  type PendingBatchId,
} from './pendingDeletes';
import { addToRunCounters } from './runWrites';
import { forgetSightings } from './sightings';
import { OUTCOMES, RUNS, type OutcomeRow, type RunRow } from './tables';

/** The numbers a write reserved and the Tower of its run. */
type Reserved = { firstSeq: number; towerId: string };

/**
 * Reserves `count` outcome numbers of the run and returns the first. One atomic increment of
 * the run's counter: concurrent writers get disjoint ranges by construction (a failed write
 * leaves a gap, which nothing minds). It locks the run's row until its transaction ends:
 * outside one, for this statement only.
 */
async function reserveOutcomeSeqs(
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
async function insertOutcomeRows(
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

/**
 * Outcomes that show a label in use or not a candidate: its confirmation (rule 6) starts over,
 * whatever happens to the rest of the run.
 */
const SEEN_IN_USE: ReadonlySet<string> = new Set([
  'referenced',
  'count-nonzero',
  'young',
]);

function seenInUse(o: LabelOutcome): boolean {
  return (
    o.action === 'kept' && o.reason !== undefined && SEEN_IN_USE.has(o.reason)
  );
}

/**
 * Appends outcomes in batches; never loads them all. In the same transaction: counts the kept
 * ones per reason on the run, forgets the sightings (rule 6) of labels kept `referenced`,
 * `count-nonzero` or `young`, and, given the guarded delete they are the outcomes of
 * (`settles`), forgets its pending deletes they resolve.
 */
export async function addOutcomes(
  db: Knex,
  runId: string,
  outcomes: LabelOutcome[],
  settles?: PendingBatchId,
): Promise<void> {
  if (outcomes.length === 0) {
    return;
  }
  // Numbered in a statement of its own, counted at the end of the transaction: the run's row,
  // which every batch of the run updates, is locked only briefly, so batches written at once
  // (PostgreSQL) insert their rows side by side instead of one after another.
  const { firstSeq, towerId } = await reserveOutcomeSeqs(
    db,
    runId,
    outcomes.length,
  );
  await db.transaction(async tx => {
    await insertOutcomeRows(tx, runId, firstSeq, outcomes);
    await forgetSightings(
      tx,
      towerId,
      outcomes.filter(seenInUse).map(o => o.labelId),
    );
    // A `failed` label stays pending: the next run re-checks whether Tower deleted it after all.
    if (settles !== undefined) {
      await settlePendingBatch(
        tx,
        runId,
        settles,
        outcomes
          .filter(o => o.action === 'deleted' || o.reason === 'raced')
          .map(o => o.labelId),
      );
    }
    await addToRunCounters(tx, runId, addedCounts(outcomes));
  });
}

/**
 * Records labels a later run found deleted as deleted by `runId` (their `failed` outcome becomes
 * `deleted`; a label the run never recorded gets an outcome), corrects the run's counts, adds
 * `note` to it and forgets the pending deletes, in one transaction. False: the run is gone.
 */
export async function recordLateDeletions(
  db: Knex,
  runId: string,
  labels: LabelOutcome[],
  note: RunNote,
): Promise<boolean> {
  return db.transaction(async tx => {
    const run: Pick<RunRow, 'notes'> | undefined = await tx<RunRow>(RUNS)
      .select('notes')
      .where({ id: runId })
      .first();
    if (!run) return false;
    const ids = labels.map(l => l.labelId);
    const recorded = new Set<string>();
    let corrected = 0;
    for (const chunk of chunks(ids)) {
      const rows = await tx<OutcomeRow>(OUTCOMES)
        .select('label_id')
        .where({ run_id: runId })
        .whereIn('label_id', chunk);
      rows.forEach(r => recorded.add(r.label_id));
      corrected += await tx<OutcomeRow>(OUTCOMES)
        .where({ run_id: runId, action: 'failed' })
        .whereIn('label_id', chunk)
        .update({ action: 'deleted', reason: null });
    }
    const unrecorded = labels.filter(l => !recorded.has(l.labelId));
    const { firstSeq } = await reserveOutcomeSeqs(tx, runId, unrecorded.length);
    const deleted = unrecorded.map((l): LabelOutcome => ({
      labelId: l.labelId,
      key: l.key,
      value: l.value,
      createdAt: l.createdAt,
      action: 'deleted',
    }));
    await insertOutcomeRows(tx, runId, firstSeq, deleted);
    // Counted, not recounted: the run may no longer list its routine keeps.
    await addToRunCounters(tx, runId, {
      scanned: unrecorded.length,
      candidates: unrecorded.length,
      outcome_rows: unrecorded.length,
      deleted: corrected + unrecorded.length,
      failed: -corrected,
    });
    const notes: unknown[] = run.notes ? JSON.parse(run.notes) : [];
    await tx<RunRow>(RUNS)
      .where({ id: runId })
      .update({ notes: JSON.stringify([...notes, note]) });
    await clearPendingDeletes(tx, runId, ids);
    return true;
  });
}
