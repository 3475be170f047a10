import type {
  LabelTruth,
  SimulatorAdmin,
} from '@smartx-cape/cloudtower-simulator';
import { sweptKeys } from '../../config/types';
import { keyOf, T0, type ActionSpec, type WorldSpec } from './worldSpec';

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
