import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import type { PendingDelete } from '../database';
import { chunks } from '../lib/chunks';
import { withRetry } from './retry';
import type { RunContext } from './runContext';
import { runNotes } from './runNotes';

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
 * still there was not deleted: it is forgotten (this run treats it afresh). The audit goes to
 * the run's `onDeleted` hook under the earlier run's id.
 */
export async function recheckPendingDeletes(run: RunContext): Promise<void> {
  const pending = await withRetry(() =>
    run.store.listPendingDeletes(run.tower.id),
  );
  if (pending.length === 0) return;
  const existing = new Set<string>();
  for (const ids of chunks([...new Set(pending.map(p => p.label.labelId))])) {
    (await withRetry(() => run.client.readExistingIds(ids), 3, 250)).forEach(
      id => existing.add(id),
    );
  }
  const gone = byRun(pending.filter(p => !existing.has(p.label.labelId)));
  const still = byRun(pending.filter(p => existing.has(p.label.labelId)));
  for (const [runId, labels] of still) {
    await withRetry(() =>
      run.store.clearPendingDeletes(
        runId,
        labels.map(l => l.labelId),
      ),
    );
  }
  for (const [runId, labels] of gone) {
    const corrected = await withRetry(() =>
      run.store.recordLateDeletions(
        runId,
        labels,
        runNotes.lateDeletionsRecorded({
          count: labels.length,
          byRunId: run.runId,
        }),
      ),
    );
    run.notes.add(
      corrected
        ? runNotes.lateDeletionsCorrected({ count: labels.length, runId })
        : runNotes.lateDeletionsUnrecorded({
            count: labels.length,
            runId,
            labelIds: labels.map(l => l.labelId).join(', '),
          }),
    );
    run.hooks.onDeleted?.(runId, labels);
  }
}
