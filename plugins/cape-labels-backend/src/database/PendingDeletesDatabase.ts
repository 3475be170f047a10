import type { Knex } from 'knex';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { whereRunNotAlive } from './liveness';
import { ConnectedStore } from './storeConnection';
import {
  PENDING_DELETE_BATCHES,
  RUNS,
  type PendingDeleteBatchRow,
  type StoredLabel,
} from './tables';

/** A label sent to deleteManyLabels whose outcome is not known (yet). */
export type PendingDelete = { runId: string; label: LabelOutcome };

/** One guarded delete's write-ahead record, as `writePendingDeletes` returned it. */
export type PendingBatchId = number;

/** The guarded deletes' write-ahead record (rule 5). */
export class PendingDeletesDatabase extends ConnectedStore {
  /** Writes a guarded delete's labels before it is sent, as one row per delete (not one per label). */
  async writePendingDeletes(
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
    const [row] = await this.connection.bulkWrite(() =>
      this.db<PendingDeleteBatchRow>(PENDING_DELETE_BATCHES)
        .insert({
          tower_id: towerId,
          run_id: runId,
          labels: JSON.stringify(stored),
        })
        .returning('id'),
    );
    return Number(row.id);
  }

  /**
   * The Tower's pending deletes of runs no longer alive (a stopped run still alive settles its
   * own), each (run, label) once, ordered by run and label.
   */
  async listPendingDeletes(towerId: string): Promise<PendingDelete[]> {
    const rows = await this.db<PendingDeleteBatchRow>(
      `${PENDING_DELETE_BATCHES} as p`,
    )
      .leftJoin(`${RUNS} as r`, 'r.id', 'p.run_id')
      .select('p.run_id', 'p.labels')
      .where('p.tower_id', towerId)
      .modify(whereRunNotAlive)
      .orderBy(['p.run_id', 'p.id']);
    const pending = new Map<string, PendingDelete>();
    for (const row of rows) {
      const labels: StoredLabel[] = JSON.parse(row.labels);
      for (const [labelId, key, value, createdAt] of labels) {
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

  /** Forgets pending deletes of a run, whichever guarded delete they were sent by. */
  async clearPendingDeletes(runId: string, labelIds: string[]): Promise<void> {
    if (labelIds.length === 0) return;
    await this.connection.bulkWrite(() =>
      this.db.transaction(tx =>
        forgetPendingDeletes(tx, runId, new Set(labelIds)),
      ),
    );
  }
}

/** From all of the run's rows, or the one `batchId` names; a row goes with its last label. */
export async function forgetPendingDeletes(
  tx: Knex.Transaction,
  runId: string,
  ids: ReadonlySet<string>,
  batchId?: PendingBatchId,
): Promise<void> {
  if (ids.size === 0) return;
  // Read, then rewritten: no other writer may change the row in between (knex drops the lock on SQLite).
  const rows = await tx<PendingDeleteBatchRow>(PENDING_DELETE_BATCHES)
    .select('id', 'labels')
    .where({ run_id: runId, ...(batchId === undefined ? {} : { id: batchId }) })
    .forUpdate();
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
}
