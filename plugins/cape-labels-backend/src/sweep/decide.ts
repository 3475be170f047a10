import type {
  KeptReason,
  LabelOutcome,
  OutcomeReason,
  RunCounts,
} from '@smartx-cape/plugin-cape-labels-common';
import type { LabelLiveState, TowerLabel } from '../cloudtower/types';

/** What one run decides by: fixed when the run starts. */
export type SweepPolicy = {
  /** The swept keys (rule 1). */
  keys: ReadonlySet<string>;
  /** `runStart - minAge` in epoch ms (rule 2). */
  cutoffMs: number;
  /** `runStart - confirmAfter` in epoch ms; undefined when confirmation is off (rule 6). */
  confirmCutoffMs?: number;
};

export type Verdict =
  | { candidate: true }
  | { candidate: false; reason: KeptReason; relation?: string };

/** Rules 1-3 on a listed label. `undefined`: not a swept key, so not ours to record at all. */
export function classifyListed(
  label: TowerLabel,
  policy: SweepPolicy,
): Verdict | undefined {
  if (!policy.keys.has(label.key)) return undefined;
  const createdMs = Date.parse(label.createdAt);
  // An unparsable time cannot prove the label is old enough.
  if (!Number.isFinite(createdMs) || createdMs > policy.cutoffMs) {
    return { candidate: false, reason: 'young' };
  }
  if (label.totalNum !== 0)
    return { candidate: false, reason: 'count-nonzero' };
  return { candidate: true };
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

/**
 * U+0000 cannot be stored in PostgreSQL text: one such label would make every outcome write of
 * its batch fail (after Tower acted). It is recorded as U+FFFD; the label id stays exact.
 */
function storable(text: string): string {
  return text.includes('\u0000') ? text.split('\u0000').join('\uFFFD') : text;
}

export function outcome(
  label: TowerLabel,
  action: LabelOutcome['action'],
  reason?: OutcomeReason,
  relation?: string,
): LabelOutcome {
  return {
    labelId: label.id,
    key: storable(label.key),
    value: label.value === null ? null : storable(label.value),
    createdAt: label.createdAt,
    action,
    ...(reason ? { reason } : {}),
    ...(relation ? { relation } : {}),
  };
}

export type KeptTally = Map<KeptReason, number>;

/**
 * Adds outcomes to the run's counts and its kept-by-reason tally
 * (`scanned` and `candidates` are counted by the caller).
 */
export function countOutcomes(
  counts: RunCounts,
  kept: KeptTally,
  outcomes: LabelOutcome[],
): void {
  for (const o of outcomes) {
    if (o.action === 'deleted') counts.deleted++;
    else if (o.action === 'would-delete') counts.wouldDelete++;
    else if (o.action === 'failed') counts.failed++;
    else if (o.action === 'kept') {
      counts.kept++;
      // A kept outcome carries a kept reason (`outcome` is only ever called so).
      const reason = o.reason as KeptReason | undefined;
      if (reason) kept.set(reason, (kept.get(reason) ?? 0) + 1);
    }
  }
}
