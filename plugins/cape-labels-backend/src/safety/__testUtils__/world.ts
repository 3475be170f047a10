import fc from 'fast-check';
import type {
  LabelTruth,
  SimulatorAdmin,
} from '@smartx-cape/cloudtower-simulator';
import { sweptKeys } from '../../config/types';

/** The pinned start of every property sweep (the sweeper's injected `now`). */
export const T0 = Date.parse('2026-06-01T03:00:00.000Z');
export const HOUR_MS = 3_600_000;

const KEY_KINDS = [
  'cluster-name',
  'vip',
  'namespace',
  'managed',
  'system',
  'other',
  'lookalike',
  'upper',
] as const;
type KeyKind = (typeof KEY_KINDS)[number];

export type LabelSpec = {
  prefix: string;
  keyKind: KeyKind;
  value: string | null;
  /** createdAt = cutoff + ageMs (≤ 0: old enough). */
  ageMs: number;
  /** 'true': the counter matches the relations; 'stale': it lags; 'null': not computed. */
  counter: 'true' | 'stale' | 'null';
  /** Index into the world's VMs, or -1. */
  vm: number;
  /** Index into the world's security policies, or -1. */
  policy: number;
};

export type ActionKind =
  | 'attachNewVm'
  | 'attachPolicy'
  | 'createOldName'
  | 'deleteVm'
  | 'detach'
  | 'toggleBin';

/** Something "CAPE" does on Tower while the sweep runs, before or after its n-th request. */
export type ActionSpec = {
  at: number;
  when: 'before' | 'after';
  kind: ActionKind;
  target: number;
};

export type TowerSpec = {
  prefix: 'cape' | 'sks';
  minAgeMs: number;
  dryRun: boolean;
  maxDeletes: number;
  /** 0: off. Otherwise a dry run happens `confirmAfterMs + preRunOffsetMs` before T0. */
  confirmAfterMs: number;
  preRunOffsetMs: number;
  /** Counter lag while the sweep runs (the world is built with 'never'). */
  sweepLag: 0 | 'never';
};

export type WorldSpec = {
  tower: TowerSpec;
  vms: boolean[]; // in recycle bin?
  policies: number;
  labels: LabelSpec[];
  actions: ActionSpec[];
};

export function keyOf(spec: Pick<LabelSpec, 'prefix' | 'keyKind'>): string {
  switch (spec.keyKind) {
    case 'system':
      return `system.cloudtower/${spec.prefix}`;
    case 'other':
      return spec.prefix === 'cape' ? 'owner' : 'environment';
    case 'lookalike':
      return `${spec.prefix}-cluster-name-extra`;
    case 'upper':
      return `${spec.prefix.toUpperCase()}-VIP`;
    default:
      return `${spec.prefix}-${spec.keyKind}`;
  }
}

const ageArb = fc.oneof(
  fc.integer({ min: -2, max: 2 }),
  fc.integer({ min: -3000, max: 3000 }),
  fc.integer({ min: -3 * 24 * HOUR_MS, max: 24 * HOUR_MS }),
);

export function worldArb(
  opts: { maxLabels?: number } = {},
): fc.Arbitrary<WorldSpec> {
  const maxLabels = opts.maxLabels ?? 40;
  const tower = fc.record({
    prefix: fc.constantFrom<'cape' | 'sks'>('cape', 'sks'),
    minAgeMs: fc.constantFrom(24 * HOUR_MS, HOUR_MS, 0),
    dryRun: fc.integer({ min: 0, max: 4 }).map(n => n === 0),
    maxDeletes: fc.oneof(
      { weight: 4, arbitrary: fc.constant(5000) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 5 }) },
    ),
    confirmAfterMs: fc.oneof(
      { weight: 5, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.constant(HOUR_MS) },
    ),
    preRunOffsetMs: fc.constantFrom(-1000, 0, 1000),
    sweepLag: fc.constantFrom<0 | 'never'>(0, 'never'),
  });
  const label = fc.record({
    prefix: fc.constantFrom(
      'cape',
      'cape',
      'cape',
      'sks',
      'sks',
      'sks',
      'capex',
      'kube',
    ),
    keyKind: fc.constantFrom<KeyKind>(
      'cluster-name',
      'cluster-name',
      'cluster-name',
      'vip',
      'vip',
      'namespace',
      'namespace',
      ...KEY_KINDS,
    ),
    value: fc.option(
      fc.constantFrom('c1', 'c2', '10.0.0.1', 'ns-a', 'true', ''),
      { nil: null, freq: 8 },
    ),
    ageMs: ageArb,
    counter: fc.constantFrom<LabelSpec['counter']>(
      'true',
      'true',
      'true',
      'stale',
      'null',
    ),
    vm: fc.oneof(
      { weight: 3, arbitrary: fc.constant(-1) },
      { weight: 2, arbitrary: fc.integer({ min: 0, max: 4 }) },
    ),
    policy: fc.oneof(
      { weight: 6, arbitrary: fc.constant(-1) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 1 }) },
    ),
  });
  const action = fc.record({
    at: fc.integer({ min: 0, max: 14 }),
    when: fc.constantFrom<'before' | 'after'>('before', 'after'),
    kind: fc.constantFrom<ActionKind>(
      'attachNewVm',
      'attachNewVm',
      'attachNewVm',
      'attachPolicy',
      'createOldName',
      'deleteVm',
      'detach',
      'toggleBin',
    ),
    target: fc.nat({ max: 60 }),
  });
  return fc.record({
    tower,
    vms: fc.array(fc.boolean(), { minLength: 0, maxLength: 5 }),
    policies: fc.integer({ min: 0, max: 2 }),
    labels: fc.array(label, { minLength: 5, maxLength: maxLabels }),
    actions: fc.array(action, { maxLength: 8 }),
  });
}

export type BuiltWorld = {
  spec: WorldSpec;
  keys: string[];
  cutoffMs: number;
  labelIds: string[];
  vmIds: string[];
  policyIds: string[];
  /** Ground truth right after the build (before any sweep). */
  initial: Map<string, LabelTruth>;
};

/** Builds the world in an empty simulator. Counters are set explicitly (lag 'never'). */
export function buildWorld(admin: SimulatorAdmin, spec: WorldSpec): BuiltWorld {
  admin.setCounterLag('never');
  const cutoffMs = T0 - spec.tower.minAgeMs;
  const vmIds = spec.vms.map(
    (inBin, i) => admin.createVm({ name: `vm-${i}`, inRecycleBin: inBin }).id,
  );
  const policyIds = Array.from(
    { length: spec.policies },
    (_, i) => admin.createSecurityPolicy({ name: `sp-${i}` }).id,
  );
  const labelIds: string[] = [];
  for (const l of spec.labels) {
    const id = admin.createLabel({
      key: keyOf(l),
      value: l.value,
      createdAt: cutoffMs + l.ageMs,
    }).id;
    labelIds.push(id);
    const vm =
      vmIds.length && l.vm >= 0 ? vmIds[l.vm % vmIds.length] : undefined;
    const policy =
      policyIds.length && l.policy >= 0
        ? policyIds[l.policy % policyIds.length]
        : undefined;
    if (vm || policy)
      admin.attach({ labelId: id, vmId: vm, securityPolicyId: policy });
    const truth = admin.label(id)!;
    const refs = truth.vmIds.length + truth.securityPolicyIds.length;
    let total: number | null = refs;
    if (l.counter === 'null') total = null;
    // Stale: a VM reference the counter has not caught up with, or a counter still
    // counting a reference that is gone. A security policy is not visible to the live
    // check (the schema has no relation for it), so its counter is never stale-low here.
    else if (l.counter === 'stale') {
      if (refs === 0) total = 1;
      else total = truth.securityPolicyIds.length > 0 ? refs + 1 : 0;
    }
    admin.setCounters(id, {
      total_num: total,
      vm_num: total === null ? null : truth.vmIds.length,
    });
  }
  admin.setCounterLag(spec.tower.sweepLag);
  const initial = new Map(admin.labels().map(t => [t.id, t]));
  return {
    spec,
    keys: sweptKeys(spec.tower.prefix),
    cutoffMs,
    labelIds,
    vmIds,
    policyIds,
    initial,
  };
}

/**
 * Runs one concurrent action. Returns the label ids whose references it changed
 * (they are excluded from the "must be deleted" oracle).
 */
export function runAction(
  admin: SimulatorAdmin,
  world: BuiltWorld,
  a: ActionSpec,
  requestIds: string[] = [],
): string[] {
  // Mostly a label the current request is about (that is where races hurt), else any label.
  const pool =
    requestIds.length && a.target % 4 !== 0 ? requestIds : world.labelIds;
  const labelId = pool[a.target % pool.length];
  const exists = admin.label(labelId) !== undefined;
  switch (a.kind) {
    case 'attachNewVm': {
      if (!exists) return [];
      const vm = admin.createVm({ name: `late-${a.at}` }).id;
      world.vmIds.push(vm);
      admin.attach({ labelId, vmId: vm });
      return [labelId];
    }
    case 'attachPolicy': {
      // Only with synchronous counters: a policy is visible to the sweeper through total_num only.
      if (!exists || world.spec.tower.sweepLag !== 0) return [];
      const sp = admin.createSecurityPolicy({ name: `late-sp-${a.at}` }).id;
      admin.attach({ labelId, securityPolicyId: sp });
      return [labelId];
    }
    case 'createOldName': {
      const old = world.initial.get(labelId) ?? admin.label(labelId);
      if (old) admin.createLabel({ key: old.key, value: old.value });
      return [];
    }
    case 'deleteVm': {
      if (!world.vmIds.length) return [];
      const vm = world.vmIds[a.target % world.vmIds.length];
      const held = admin.vms().find(v => v.id === vm)?.labelIds ?? [];
      admin.deleteVm(vm);
      return held;
    }
    case 'detach': {
      const truth = admin.label(labelId);
      if (!truth) return [];
      for (const vmId of truth.vmIds) admin.detach({ labelId, vmId });
      return truth.vmIds.length ? [labelId] : [];
    }
    case 'toggleBin': {
      if (!world.vmIds.length) return [];
      const vm = admin
        .vms()
        .find(v => v.id === world.vmIds[a.target % world.vmIds.length]);
      if (vm) admin.setRecycleBin(vm.id, !vm.in_recycle_bin);
      return [];
    }
    default:
      return [];
  }
}
