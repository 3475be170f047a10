import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerClient } from '../cloudtower/types';
import type { PendingDelete, RunStore } from '../database';
import { chunks } from '../lib/chunks';
import { withRetry } from './retry';

export type RecheckContext = {
  client: TowerClient;
  store: Pick<
    RunStore,
    'listPendingDeletes' | 'clearPendingDeletes' | 'recordLateDeletions'
  >;
  towerId: string;
  /** The run doing the re-check. */
  runId: string;
  note: (text: string) => void;
  /** Audits labels found deleted, under the run that deleted them. */
  onDeleted: (runId: string, deleted: LabelOutcome[]) => void;
};

function byRun(pending: PendingDelete[]): Map<string, LabelOutcome[]> {
  const runs = new Map<string, LabelOutcome[]>();
  for (const p of pending) {
    const labels = runs.get(p.runId) ?? [];
    labels.push(p.label);
    runs.set(p.runId, labels);
  }
  return runs;
}

/**
 * Before a run: the deletes of earlier runs whose outcome is unknown (answer lost and labels
 * still there after settling, or a record that never got written) are checked again. A label
 * now gone was deleted by that run: its record is corrected and the deletion audited. A label
 * still there was not deleted: it is forgotten (this run treats it afresh).
 */
export async function recheckPendingDeletes(
  ctx: RecheckContext,
): Promise<void> {
  const pending = await withRetry(() =>
    ctx.store.listPendingDeletes(ctx.towerId),
  );
  if (pending.length === 0) return;
  const existing = new Set<string>();
  for (const ids of chunks([...new Set(pending.map(p => p.label.labelId))])) {
    (await withRetry(() => ctx.client.readExistingIds(ids), 3, 250)).forEach(
      id => existing.add(id),
    );
  }
  const gone = byRun(pending.filter(p => !existing.has(p.label.labelId)));
  const still = byRun(pending.filter(p => existing.has(p.label.labelId)));
  for (const [runId, labels] of still) {
    await withRetry(() =>
      ctx.store.clearPendingDeletes(
        runId,
        labels.map(l => l.labelId),
      ),
    );
  }
  for (const [runId, labels] of gone) {
    const corrected = await withRetry(() =>
      ctx.store.recordLateDeletions(
        runId,
        labels,
        `run ${ctx.runId} found ${labels.length} label(s) of this run's unanswered deletes gone on Tower: recorded deleted, counts recomputed`,
      ),
    );
    ctx.note(
      corrected
        ? `found ${labels.length} label(s) deleted by run ${runId} after its delete went unanswered: that run's record was corrected`
        : `found ${labels.length} label(s) deleted by run ${runId} (no longer in the history) after its delete went unanswered: ${labels.map(l => l.labelId).join(', ')}`,
    );
    ctx.onDeleted(runId, labels);
  }
}
