import type { Knex } from 'knex';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { isPostgres } from './dialect';
import { PENDING_DELETE_BATCHES, type PendingDeleteBatchRow } from './tables';

/** A label sent to deleteManyLabels whose outcome is not known (yet). */
export type PendingDelete = { runId: string; label: LabelOutcome };

/** One guarded delete's write-ahead record, as `writePendingDeletes` returned it. */
export type PendingBatchId = number;

/** How a label is kept in a write-ahead row (`PendingDeleteBatchRow.labels`). */
type StoredLabel = [
  labelId: string,
  key: string,
  value: string | null,
  createdAt: string,
];

/**
 * Writes the labels of a guarded delete before it is sent (the write-ahead record): one row per
 * delete, so recording a delete costs one row, not one per label.
 */
export async function writePendingDeletes(
  db: Knex,
  towerId: string,
  runId: string,
  labels: LabelOutcome[],
): Promise<PendingBatchId> {
  const stored = labels.map((l): StoredLabel => [
    l.labelId,
    l.key,
    l.value,
    l.createdAt,
  ]);
  const [row] = await db<PendingDeleteBatchRow>(PENDING_DELETE_BATCHES)
    .insert({
      tower_id: towerId,
      run_id: runId,
      labels: JSON.stringify(stored),
    })
    .returning('id');
  return Number(row.id);
}

/**
 * Forgets the labels `ids` names from the run's write-ahead rows (all of them, or the one
 * `batchId` names); a row goes once none of its labels is left.
 */
async function forgetPending(
  db: Knex,
  runId: string,
  ids: ReadonlySet<string>,
  batchId?: PendingBatchId,
): Promise<void> {
  if (ids.size === 0) return;
  // Inside the caller's transaction when there is one (no savepoint per batch).
  const inTransaction = (work: (tx: Knex.Transaction) => Promise<void>) =>
    db.isTransaction ? work(db as Knex.Transaction) : db.transaction(work);
  await inTransaction(async tx => {
    const query = tx<PendingDeleteBatchRow>(PENDING_DELETE_BATCHES)
      .select('id', 'labels')
      .where({ run_id: runId });
    if (batchId !== undefined) query.andWhere({ id: batchId });
    // Read, then rewritten: on PostgreSQL no other writer may change the row in between.
    const rows = isPostgres(tx) ? await query.forUpdate() : await query;
    for (const row of rows) {
      const labels: StoredLabel[] = JSON.parse(row.labels);
      const left = labels.filter(([labelId]) => !ids.has(labelId));
      if (left.length === labels.length) continue;
      const ofRow = tx<PendingDeleteBatchRow>(PENDING_DELETE_BATCHES).where({
        id: row.id,
      });
      await (left.length === 0
        ? ofRow.delete()
        : ofRow.update({ labels: JSON.stringify(left) }));
    }
  });
}

/**
 * Forgets the labels of one guarded delete whose outcome is now known (`resolvedIds`), in the
 * transaction that records it; its other labels stay pending.
 */
export async function settlePendingBatch(
  db: Knex,
  runId: string,
  batchId: PendingBatchId,
  resolvedIds: readonly string[],
): Promise<void> {
  await forgetPending(db, runId, new Set(resolvedIds), batchId);
}

/** Forgets pending deletes of a run, whichever guarded delete they were sent by. */
export async function clearPendingDeletes(
  db: Knex,
  runId: string,
  labelIds: string[],
): Promise<void> {
  await forgetPending(db, runId, new Set(labelIds));
}

/** The Tower's pending deletes, each (run, label) once, ordered by run and label. */
export async function listPendingDeletes(
  db: Knex,
  towerId: string,
): Promise<PendingDelete[]> {
  const rows: Array<Pick<PendingDeleteBatchRow, 'run_id' | 'labels'>> =
    await db<PendingDeleteBatchRow>(PENDING_DELETE_BATCHES)
      .select('run_id', 'labels')
      .where({ tower_id: towerId })
      .orderBy(['run_id', 'id']);
  const pending = new Map<string, PendingDelete>();
  for (const row of rows) {
    for (const [labelId, key, value, createdAt] of JSON.parse(
      row.labels,
    ) as StoredLabel[]) {
      pending.set(JSON.stringify([row.run_id, labelId]), {
        runId: row.run_id,
        label: { labelId, key, value, createdAt, action: 'deleted' },
      });
    }
  }
  const order = (a: string, b: string) => (a < b ? -1 : Number(a > b));
  return [...pending.values()].sort(
    (a, b) =>
      order(a.runId, b.runId) || order(a.label.labelId, b.label.labelId),
  );
}
