import type { Knex } from 'knex';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { chunks } from '../lib/chunks';
import {
  OUTCOMES,
  PENDING_DELETES,
  RUNS,
  type OutcomeRow,
  type PendingDeleteRow,
  type RunRow,
} from './tables';
import { addToRunCounters, reserveOutcomeSeqs } from './outcomeSeq';
import { insertOutcomeRows } from './outcomeRows';
import { deleteWhereIn, insertBatch, type BatchColumn } from './arrayParams';

/** A label sent to deleteManyLabels whose outcome is not known (yet). */
export type PendingDelete = { runId: string; label: LabelOutcome };

/** Writes the labels of a guarded delete before it is sent (the write-ahead record). */
export async function writePendingDeletes(
  db: Knex,
  towerId: string,
  runId: string,
  labels: LabelOutcome[],
): Promise<void> {
  const columns: BatchColumn[] = (
    ['label_id', 'key', 'value', 'created_at'] satisfies Array<
      keyof PendingDeleteRow
    >
  ).map(name => ({ name, type: 'text' }));
  const rows = labels.map(l => [l.labelId, l.key, l.value, l.createdAt]);
  await insertBatch(db, PENDING_DELETES, columns, rows, {
    fixed: { tower_id: towerId, run_id: runId } satisfies Partial<
      Record<keyof PendingDeleteRow, string>
    >,
    ignoreConflictOn: ['run_id', 'label_id'],
  });
}

/** Forgets pending deletes of a run, e.g. in the transaction that records their outcomes. */
export async function clearPendingDeletes(
  db: Knex,
  runId: string,
  labelIds: string[],
): Promise<void> {
  const ids = [...new Set(labelIds)];
  await deleteWhereIn(db, PENDING_DELETES, { run_id: runId }, 'label_id', ids);
}

export async function listPendingDeletes(
  db: Knex,
  towerId: string,
): Promise<PendingDelete[]> {
  const rows: PendingDeleteRow[] = await db<PendingDeleteRow>(PENDING_DELETES)
    .select('*')
    .where({ tower_id: towerId })
    .orderBy(['run_id', 'label_id']);
  return rows.map(r => ({
    runId: r.run_id,
    label: {
      labelId: r.label_id,
      key: r.key,
      value: r.value,
      createdAt: r.created_at,
      action: 'deleted',
    },
  }));
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
  note: string,
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
    const notes: string[] = run.notes ? JSON.parse(run.notes) : [];
    await tx<RunRow>(RUNS)
      .where({ id: runId })
      .update({ notes: JSON.stringify([...notes, note]) });
    await clearPendingDeletes(tx, runId, ids);
    return true;
  });
}
