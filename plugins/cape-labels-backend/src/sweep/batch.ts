import { toError } from '@backstage/errors';
import type {
  LabelOutcome,
  PluginRunErrorCode,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerClient, TowerLabel } from '../cloudtower/TowerClient';
import type { PendingBatchId } from '../database';
import { capOrphans, classifyLive, type SweepPolicy } from './decide';
import { deleteOrPreview } from './guardedDelete';
import { outcome, recordOutcomes } from './record';
import type { RunContext } from './runContext';
import { errorOf } from './sweepResult';

/**
 * The live check (rule 4): one `checkLabels` for the batch. Gone → `raced`, held by any object
 * of any relation → `referenced` (naming the relation), counter not 0 → `count-nonzero`; a
 * survivor not yet confirmed → `unconfirmed`. Unconfirmed candidates are checked too: a
 * reference the counter hides must restart their confirmation (rule 6), which only the live
 * check can see.
 */
export async function liveCheck(
  client: Pick<TowerClient, 'checkLabels'>,
  labels: TowerLabel[],
  unconfirmed: ReadonlySet<string>,
): Promise<{ orphans: TowerLabel[]; kept: LabelOutcome[] }> {
  const live = new Map(
    (await client.checkLabels(labels.map(l => l.id))).map(s => [s.id, s]),
  );
  const orphans: TowerLabel[] = [];
  const kept: LabelOutcome[] = [];
  for (const label of labels) {
    const verdict = classifyLive(live.get(label.id));
    if (!verdict.candidate)
      kept.push(outcome(label, 'kept', verdict.reason, verdict));
    else if (unconfirmed.has(label.id))
      kept.push(outcome(label, 'kept', 'unconfirmed'));
    else orphans.push(label);
  }
  return { orphans, kept };
}

/** A batch's outcomes and the write-ahead record of its guarded delete, if one was sent. */
type Decided = { results: LabelOutcome[]; pending?: PendingBatchId };

/** Rules 4, 7, 5 and 8 for one batch; a failure fails what has no outcome yet (`failed`/`error`). */
async function decideBatch(
  run: RunContext,
  policy: SweepPolicy,
  labels: TowerLabel[],
  unconfirmed: ReadonlySet<string>,
): Promise<Decided> {
  const { state } = run;
  const results: LabelOutcome[] = [];
  let pending: PendingBatchId | undefined;
  try {
    const checked = await liveCheck(run.client, labels, unconfirmed);
    results.push(...checked.kept);
    const capped = capOrphans(
      state,
      checked.orphans,
      run.tower.maxDeletesPerRun,
    );
    results.push(...capped.kept);
    const deletion = await deleteOrPreview(run, policy, capped.take);
    results.push(...deletion.outcomes);
    pending = deletion.pending;
    if (deletion.error !== undefined) {
      state.lastBatchError = errorOf(deletion.error);
      if (!deletion.outcomes.some(o => o.action === 'deleted'))
        throw deletion.error;
    }
    state.consecutiveFailures = 0;
  } catch (error) {
    const done = new Set(results.map(r => r.labelId));
    results.push(
      ...labels
        .filter(l => !done.has(l.id))
        .map(l => outcome(l, 'failed', 'error')),
    );
    state.lastBatchError = errorOf(error);
    state.consecutiveFailures++;
  }
  return { results, pending };
}

/**
 * One candidate batch through live check → cap → delete → record → audit. Never throws: a
 * batch failure is counted on the run state, and an outcome write that fails makes the run fatal.
 */
export async function processBatch(
  run: RunContext,
  policy: SweepPolicy,
  labels: TowerLabel[],
  unconfirmed: ReadonlySet<string>,
): Promise<void> {
  const { results, pending } = await decideBatch(
    run,
    policy,
    labels,
    unconfirmed,
  );
  try {
    await recordOutcomes(run, results, pending);
  } catch (error) {
    // Tower acted but the history could not be written: stop rather than act unrecorded.
    run.state.fatal = {
      message: `could not record outcomes: ${toError(error).message}`,
      code: 'STORE_FAILED' satisfies PluginRunErrorCode,
    };
    return;
  }
  const deleted = results.filter(r => r.action === 'deleted');
  if (deleted.length) run.hooks.onDeleted?.(run.runId, deleted);
}
