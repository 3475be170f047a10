import type { Knex } from 'knex';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { addedCounts } from './outcomeCounters';
import { SIGHTINGS } from './tables';
import { addToRunCounters, reserveOutcomeSeqs } from './outcomeSeq';
import { settlePendingBatch, type PendingBatchId } from './pendingDeletes';
import { deleteWhereIn } from './arrayParams';
import { insertOutcomeRows } from './outcomeRows';

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
  towerId: string,
  outcomes: LabelOutcome[],
): Promise<void> {
  const ids = [...new Set(outcomes.filter(seenInUse).map(o => o.labelId))];
  if (ids.length === 0) return;
  await deleteWhereIn(tx, SIGHTINGS, { tower_id: towerId }, 'label_id', ids);
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
    await forgetSeenInUse(tx, towerId, outcomes);
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
