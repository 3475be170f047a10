import type { Knex } from 'knex';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { countAddedOutcomes } from './outcomeCounters';
import { RUNS, SIGHTINGS } from './tables';
import { reserveOutcomeSeqs } from './outcomeSeq';
import { clearPendingDeletes } from './pendingDeletes';
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

/**
 * Appends outcomes in batches; never loads them all. In the same transaction: counts the kept
 * ones per reason on the run, forgets the sightings (rule 6) of labels kept `referenced`,
 * `count-nonzero` or `young`, and forgets the pending deletes the outcomes resolve.
 */
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
    await insertOutcomeRows(tx, runId, firstSeq, outcomes);
    await countAddedOutcomes(tx, runId, outcomes);
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
