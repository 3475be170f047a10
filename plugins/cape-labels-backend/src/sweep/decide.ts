import type {
  KeptReason,
  LabelOutcome,
} from '@smartx-cape/plugin-cape-labels-common';
import type { LabelLiveState, TowerLabel } from '../cloudtower/TowerClient';
import { malformation } from './labelShape';
import { outcome } from './record';
import type { RunState } from './sweepResult';

/*
 * The decide step of README "How a sweep decides", without I/O: rules 1–3 on each listed page,
 * rule 6's test of a sighting, rule 7's cap, and rule 4's verdict on the live state a batch reads.
 */

/** What one run decides by: fixed when the run starts. */
export type SweepPolicy = {
  /** The swept keys (rule 1). */
  keys: ReadonlySet<string>;
  /** `runStart - minAge` in epoch ms (rule 2). */
  cutoffMs: number;
  /** `runStart - confirmAfter` in epoch ms; undefined when confirmation is off (rule 6). */
  confirmCutoffMs?: number;
};

type Verdict =
  | { candidate: true }
  | {
      candidate: false;
      reason: KeptReason;
      relation?: string;
      detail?: string;
    };

/**
 * Rules 1-3 on a listed label, after its shape: a label whose id or creation time Tower could
 * not have written is kept `malformed`. `undefined`: not a swept key, so not ours to record.
 */
export function classifyListed(
  label: TowerLabel,
  policy: SweepPolicy,
): Verdict | undefined {
  if (!policy.keys.has(label.key)) return undefined;
  const detail = malformation(label);
  if (detail !== undefined)
    return { candidate: false, reason: 'malformed', detail };
  const createdMs = Date.parse(label.createdAt);
  // Defence in depth: a time that cannot be read cannot prove the label is old enough.
  if (!Number.isFinite(createdMs) || createdMs > policy.cutoffMs) {
    return { candidate: false, reason: 'young' };
  }
  if (label.totalNum !== 0)
    return { candidate: false, reason: 'count-nonzero' };
  return { candidate: true };
}

type ClassifiedPage = {
  /** Labels of a swept key (the others are not ours to record). */
  scanned: number;
  candidates: TowerLabel[];
  /** Kept by rules 2 and 3 as listed: `young`, `count-nonzero`. */
  kept: LabelOutcome[];
};

/** Rules 1–3 on a listed page. */
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
    else result.kept.push(outcome(label, 'kept', verdict.reason, verdict));
  }
  return result;
}

/** Rule 6: a candidate is confirmed when an earlier run saw it as a candidate long enough ago. */
export function isConfirmed(
  firstSeen: Date | undefined,
  policy: SweepPolicy,
): boolean {
  if (policy.confirmCutoffMs === undefined) return true;
  return (
    firstSeen !== undefined && firstSeen.getTime() <= policy.confirmCutoffMs
  );
}

/**
 * Rule 4 on the live state read just before deleting: anything referencing the label keeps it
 * (the verdict names the first such relation). A label no longer there was raced.
 */
export function classifyLive(live: LabelLiveState | undefined): Verdict {
  if (!live) return { candidate: false, reason: 'raced' };
  if (live.referenced)
    return {
      candidate: false,
      reason: 'referenced',
      ...(live.referencedBy.length ? { relation: live.referencedBy[0] } : {}),
    };
  if (live.totalNum !== 0) return { candidate: false, reason: 'count-nonzero' };
  return { candidate: true };
}

/** Rule 7: splits verified orphans into those that fit the run's remaining budget and the rest. */
export function applyCap<T>(
  items: T[],
  remaining: number,
): { take: T[]; over: T[] } {
  const n = Math.max(0, Math.min(items.length, remaining));
  return { take: items.slice(0, n), over: items.slice(n) };
}

type Capped = { take: TowerLabel[]; kept: LabelOutcome[] };

/**
 * Rule 7 on a batch's orphans: reserves what still fits under `maxDeletes` for deletion; the
 * rest is kept `cap` (which makes the run `partial`).
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
 * Rule 7 early, before the live check: once the cap is used up, candidates are kept `cap`
 * unchecked. Only without confirmation: with it, the live check still restarts the
 * confirmation of labels in use (rule 6), so the cap waits until after it.
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
