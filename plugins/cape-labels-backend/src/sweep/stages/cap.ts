import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerLabel } from '../../cloudtower/types';
import { applyCap, outcome } from '../decide';
import type { RunState } from './runState';

type Capped = { take: TowerLabel[]; kept: LabelOutcome[] };

/**
 * Stage 5, cap (rule 7): reserves what still fits under `maxDeletes` for deletion; the rest
 * is kept `cap` (which makes the run `partial`).
 */
export function capOrphans(
  state: RunState,
  orphans: TowerLabel[],
  maxDeletes: number,
): Capped {
  const { take, over } = applyCap(orphans, maxDeletes - state.reserved);
  state.reserved += take.length;
  return { take, kept: over.map(l => outcome(l, 'kept', 'cap')) };
}

/**
 * The early cap, before the live check: once the cap is used up, candidates are kept `cap`
 * unchecked. Only without confirmation: with it, the live check still restarts the
 * confirmation of labels in use, so the cap waits until after it.
 */
export function capBeforeCheck(
  state: RunState,
  candidates: TowerLabel[],
  options: { maxDeletes: number; confirming: boolean },
): Capped {
  if (
    options.confirming ||
    candidates.length === 0 ||
    state.reserved < options.maxDeletes
  )
    return { take: candidates, kept: [] };
  return { take: [], kept: candidates.map(l => outcome(l, 'kept', 'cap')) };
}
