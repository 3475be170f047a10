import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerLabel } from '../../cloudtower/types';
import { classifyListed, outcome, type SweepPolicy } from '../decide';

export type ClassifiedPage = {
  /** Labels of a swept key (the others are not ours to record). */
  scanned: number;
  candidates: TowerLabel[];
  /** Kept by rules 2 and 3 as listed: `young`, `count-nonzero`. */
  kept: LabelOutcome[];
};

/** Stage 2, classify: rules 1–3 on a listed page. */
export function classifyPage(
  page: TowerLabel[],
  policy: SweepPolicy,
): ClassifiedPage {
  const result: ClassifiedPage = { scanned: 0, candidates: [], kept: [] };
  for (const label of page) {
    const verdict = classifyListed(label, policy);
    if (!verdict) continue;
    result.scanned++;
    if (verdict.candidate) result.candidates.push(label);
    else result.kept.push(outcome(label, 'kept', verdict.reason));
  }
  return result;
}
