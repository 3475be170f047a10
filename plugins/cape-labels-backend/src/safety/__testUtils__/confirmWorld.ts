import fc from 'fast-check';
import type { SimulatorAdmin } from '@smartx-cape/cloudtower-simulator';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { HOUR, MINUTE } from '../../__testUtils__/time';
import { T0 } from './worldSpec';

/*
 * Worlds for rule 6 over several runs: Tower's counter never follows (lag 'never'), so a VM
 * attached between runs is visible to the live check only. Between runs "CAPE" attaches and
 * detaches VMs and Tower's counter jumps; some runs are dry, capped, or stop listing early.
 */
export const MIN_AGE_MS = HOUR;
export const CONFIRM_AFTER_MS = HOUR;

export type ConfirmLabel = {
  /** createdAt relative to the first run's cutoff: ≤ 0 old enough at once, > 0 later. */
  ageMs: number;
  counter: 0 | 1;
  withVm: boolean;
};

export type Step = {
  kind: 'attach' | 'detach' | 'counterUp' | 'counterDown';
  label: number;
};

export type RunSpec = {
  /** Time since the previous run (the first run is at T0). */
  gapMs: number;
  /** Steps on Tower before this run. */
  steps: Step[];
  dryRun: boolean;
  maxDeletes: number;
  /** The listing fails after this many pages (undefined: lists everything). */
  failAfterPages?: number;
};

export type ConfirmSpec = { labels: ConfirmLabel[]; runs: RunSpec[] };

export function confirmWorldArb(): fc.Arbitrary<ConfirmSpec> {
  const label = fc.record({
    ageMs: fc.constantFrom(-3 * HOUR, -HOUR, 30 * MINUTE),
    counter: fc.constantFrom<0 | 1>(0, 0, 0, 1),
    withVm: fc.boolean(),
  });
  const step = fc.record({
    kind: fc.constantFrom<Step['kind']>(
      'attach',
      'attach',
      'detach',
      'detach',
      'counterUp',
      'counterDown',
    ),
    label: fc.nat({ max: 40 }),
  });
  const run = fc.record({
    gapMs: fc.constantFrom(20 * MINUTE, HOUR, 2 * HOUR),
    steps: fc.array(step, { maxLength: 4 }),
    dryRun: fc.integer({ min: 0, max: 5 }).map(n => n === 0),
    maxDeletes: fc.oneof(
      { weight: 4, arbitrary: fc.constant(5000) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 }) },
    ),
    failAfterPages: fc.option(fc.integer({ min: 1, max: 3 }), {
      nil: undefined,
      freq: 4,
    }),
  });
  return fc.record({
    labels: fc.array(label, { minLength: 1, maxLength: 10 }),
    runs: fc.array(run, { minLength: 2, maxLength: 6 }),
  });
}

/** Builds the labels in an empty simulator; returns their ids in spec order. */
export function buildLabels(
  admin: SimulatorAdmin,
  spec: ConfirmSpec,
): string[] {
  admin.setCounterLag('never');
  return spec.labels.map((l, i) => {
    const id = admin.createLabel({
      key: 'cape-cluster-name',
      value: `c${i}`,
      createdAt: T0 - MIN_AGE_MS + l.ageMs,
    }).id;
    if (l.withVm) {
      const vmId = admin.createVm({ name: `vm-${i}` }).id;
      admin.attach({ labelId: id, vmId });
    }
    admin.setCounters(id, { total_num: l.counter, vm_num: l.counter });
    return id;
  });
}

export function runStep(admin: SimulatorAdmin, ids: string[], s: Step): void {
  const labelId = ids[s.label % ids.length];
  const truth = admin.label(labelId);
  if (!truth) return;
  if (s.kind === 'attach') {
    const vmId = admin.createVm({ name: `late-${labelId}` }).id;
    admin.attach({ labelId, vmId });
  } else if (s.kind === 'detach') {
    for (const vmId of truth.vmIds) admin.detach({ labelId, vmId });
  } else {
    admin.setCounters(labelId, {
      total_num: s.kind === 'counterUp' ? 1 : 0,
    });
  }
}

/** What one run saw of a label and what was true on Tower while it ran (nothing changes during a run). */
export type Seen = {
  atMs: number;
  /** Ground truth: old enough, counter 0 and no VM. */
  unusedCandidate: boolean;
  outcome?: LabelOutcome;
};

/**
 * Rule 6 over the runs: a label deleted at run k was an unused candidate at an earlier run i at
 * least `confirmAfter` before, and at every run from i to k that recorded it.
 */
export function confirmViolations(history: Map<string, Seen[]>): string[] {
  const problems: string[] = [];
  for (const [id, seen] of history) {
    const k = seen.findIndex(s => s.outcome?.action === 'deleted');
    if (k < 0) continue;
    let ok = false;
    for (let i = k - 1; i >= 0; i--) {
      const s = seen[i];
      if (s.outcome && !s.unusedCandidate) break;
      if (
        s.outcome &&
        s.unusedCandidate &&
        s.atMs <= seen[k].atMs - CONFIRM_AFTER_MS
      ) {
        ok = true;
        break;
      }
    }
    if (!seen[k].unusedCandidate) ok = false;
    if (!ok) {
      const trail = seen.map(s => [
        (s.atMs - T0) / MINUTE,
        s.unusedCandidate,
        s.outcome ? `${s.outcome.action}/${s.outcome.reason ?? ''}` : '-',
      ]);
      problems.push(
        `${id} deleted at run ${k} without being seen unused for confirmAfter: ${JSON.stringify(trail)}`,
      );
    }
  }
  return problems;
}
