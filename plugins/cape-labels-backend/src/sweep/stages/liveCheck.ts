import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerClient, TowerLabel } from '../../cloudtower/types';
import { classifyLive, outcome } from '../decide';

/**
 * Stage 4, live check (rule 4): one `checkLabels` for the batch. Gone → `raced`, held by any
 * object of any relation → `referenced` (naming the relation), counter not 0 → `count-nonzero`;
 * a survivor not yet confirmed → `unconfirmed`. Unconfirmed candidates are checked too: a
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
      kept.push(outcome(label, 'kept', verdict.reason, verdict.relation));
    else if (unconfirmed.has(label.id))
      kept.push(outcome(label, 'kept', 'unconfirmed'));
    else orphans.push(label);
  }
  return { orphans, kept };
}
