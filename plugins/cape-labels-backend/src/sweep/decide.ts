import type {
  KeptReason,
  LabelOutcome,
  RunClock,
} from '@smartx-cape/plugin-cape-labels-common';
import { DateTime } from 'luxon';
import type { LabelHolder } from '../cloudtower/holders';
import type {
  LabelLiveState,
  TowerClockReading,
  TowerLabel,
} from '../cloudtower/TowerClient';
import type { TowerConfig } from '../config/types';
import type { NewRun } from '../database/RunStore';
import { malformation, outcome } from './labelShape';

/** What one run decides by: fixed when the run starts. */
export type SweepPolicy = {
  keys: ReadonlySet<string>;
  /** `runStart - minAge` in epoch ms (rule 2). */
  cutoffMs: number;
  /** `runStart - confirmAfter` in epoch ms; undefined when confirmation is off (rule 6). */
  confirmCutoffMs?: number;
};

/** A label this run deleted that a holder named when the run ended. */
export type HeldDeletion = Pick<LabelOutcome, 'labelId' | 'key' | 'value'> & {
  holder: LabelHolder;
};

export function describeHolder(holder: LabelHolder): string {
  return [holder.kind, holder.name, `(${holder.id})`]
    .filter(part => part)
    .join(' ');
}

/** Rule 4 for objects without a relation on `Label`: the holder is named as the relation. */
export function withoutHeld(
  labels: TowerLabel[],
  held: ReadonlyMap<string, LabelHolder>,
): { free: TowerLabel[]; kept: LabelOutcome[] } {
  const free: TowerLabel[] = [];
  const kept: LabelOutcome[] = [];
  for (const label of labels) {
    const holder = held.get(label.id);
    if (!holder) free.push(label);
    else
      kept.push(
        outcome(label, 'kept', 'referenced', {
          relation: holder.kind,
          detail: describeHolder(holder),
        }),
      );
  }
  return { free, kept };
}

/**
 * What a reading says about Tower's clock. A `Date` far ahead would make every label look old
 * (a proxy, or anyone on an unverified connection, can write it): the skew ahead counts up to
 * `maxAheadMs` only. A Tower behind us only makes the cutoff earlier, so it counts in full.
 */
export function readClock(
  reading: TowerClockReading,
  nowMs: number,
  maxAheadMs: number,
): { clock: RunClock; effectiveSkewMs: number } {
  if (reading.source === 'local')
    return { clock: { source: 'local', skewMs: null }, effectiveSkewMs: 0 };
  const skewMs = reading.towerNowMs - nowMs;
  const clock: RunClock = { source: 'tower', skewMs };
  if (skewMs > maxAheadMs) clock.capped = true;
  return { clock, effectiveSkewMs: Math.min(skewMs, maxAheadMs) };
}

/** `skewMs`: how far Tower's clock, which stamps `createdAt`, is ahead of ours (rule 2). */
export function runPolicy(
  tower: TowerConfig,
  run: Pick<NewRun, 'startedAt' | 'settings'>,
  skewMs: number,
): SweepPolicy {
  const start = DateTime.fromJSDate(run.startedAt).toUTC();
  const confirming = tower.confirmAfter.as('milliseconds') > 0;
  return {
    keys: new Set(run.settings.keys),
    cutoffMs: start.plus(skewMs).minus(tower.minAge).toMillis(),
    confirmCutoffMs: confirming
      ? start.minus(tower.confirmAfter).toMillis()
      : undefined,
  };
}

type ClassifiedPage = {
  /** Labels of a swept key (the others are not ours to record). */
  scanned: number;
  candidates: TowerLabel[];
  /** Kept by rules 1-3 as listed: `malformed`, `young`, `count-nonzero`. */
  kept: LabelOutcome[];
};

/** Rules 1-3 after the label's shape. */
export function classifyPage(
  page: TowerLabel[],
  policy: SweepPolicy,
): ClassifiedPage {
  const result: ClassifiedPage = { scanned: 0, candidates: [], kept: [] };
  const keep = (label: TowerLabel, reason: KeptReason, detail?: string) =>
    result.kept.push(outcome(label, 'kept', reason, { detail }));
  for (const label of page) {
    if (!policy.keys.has(label.key)) continue;
    result.scanned++;
    const detail = malformation(label);
    const createdMs = Date.parse(label.createdAt);
    if (detail !== undefined) keep(label, 'malformed', detail);
    // Defence in depth: a time that cannot be read cannot prove the label is old enough.
    else if (!Number.isFinite(createdMs) || createdMs > policy.cutoffMs)
      keep(label, 'young');
    else if (label.totalNum !== 0) keep(label, 'count-nonzero');
    else result.candidates.push(label);
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

type Verdict =
  | { candidate: true }
  | { candidate: false; reason: KeptReason; relation?: string };

/** Anything referencing the label keeps it; the verdict names the first such relation. */
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

export const inUse = (o: LabelOutcome) =>
  o.reason === 'referenced' || o.reason === 'count-nonzero';

/** Rule 7: splits verified orphans into those that fit the run's remaining budget and the rest. */
export function applyCap<T>(
  items: T[],
  remaining: number,
): { take: T[]; over: T[] } {
  const n = Math.max(0, Math.min(items.length, remaining));
  return { take: items.slice(0, n), over: items.slice(n) };
}

/**
 * Rule 7 early, before the live check: once the cap is used up, candidates are kept `cap`
 * unchecked. Only without confirmation: with it, the live check still restarts the
 * confirmation of labels in use (rule 6), so the cap waits until after it.
 */
export function capBeforeCheck(
  reserved: number,
  candidates: TowerLabel[],
  options: { maxDeletes: number; confirming: boolean },
): { take: TowerLabel[]; kept: LabelOutcome[] } {
  if (options.confirming || reserved < options.maxDeletes)
    return { take: candidates, kept: [] };
  return { take: [], kept: candidates.map(l => outcome(l, 'kept', 'cap')) };
}
