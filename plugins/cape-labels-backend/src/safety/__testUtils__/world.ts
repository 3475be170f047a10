import {
  holdersOfRelease,
  type LabelTruth,
  type SimulatorAdmin,
} from '@smartx-cape/cloudtower-simulator';
import { sweptKeys } from '../../config/types';
import {
  keyOf,
  OTHER_RELATIONS,
  T0,
  type ActionSpec,
  type WorldSpec,
} from './worldSpec';

export type BuiltWorld = {
  spec: WorldSpec;
  keys: string[];
  cutoffMs: number;
  labelIds: string[];
  vmIds: string[];
  /** The other objects: their relation and id. */
  objects: Array<{ relation: string; id: string }>;
  /** Ground truth right after the build (before any sweep). */
  initial: Map<string, LabelTruth>;
  /** Labels an Everoute security policy uses: Tower refuses to delete them. */
  refusing: Set<string>;
  /** Labels an object without a relation on Label names (a Tower 3.x's holders, in turn). */
  held: Set<string>;
};

const HOLDERS = holdersOfRelease('3.0');

/** Builds the world in an empty simulator. Counters are set explicitly (lag 'never'). */
export function buildWorld(admin: SimulatorAdmin, spec: WorldSpec): BuiltWorld {
  admin.setCounterLag('never');
  const cutoffMs = T0 - spec.tower.minAgeMs;
  const vmIds = spec.vms.map(
    (inBin, i) => admin.createVm({ name: `vm-${i}`, inRecycleBin: inBin }).id,
  );
  const objects = spec.objects.map((relation, i) => ({
    relation,
    id: admin.createObject(relation, { name: `${relation}-${i}` }).id,
  }));
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
    const holder =
      objects.length && l.holder >= 0
        ? objects[l.holder % objects.length]
        : undefined;
    if (vm) admin.attach({ labelId: id, vmId: vm });
    if (holder)
      admin.attach({
        labelId: id,
        relation: holder.relation,
        objectId: holder.id,
      });
    const truth = admin.label(id)!;
    const refs = Object.values(truth.references).flat().length;
    let total: number | null = refs;
    if (l.counter === 'null') total = null;
    // Stale: references the counter has not caught up with (every relation is checked live),
    // or a counter still counting a reference that is gone.
    else if (l.counter === 'stale') total = refs === 0 ? 1 : 0;
    admin.setCounters(id, {
      total_num: total,
      vm_num: total === null ? null : truth.vmIds.length,
    });
  }
  const refusing = new Set(
    (spec.everoute ?? []).map(i => labelIds[i % labelIds.length]),
  );
  if (refusing.size)
    admin.createEveroutePolicy({ name: 'everoute', labelIds: [...refusing] });
  const held = new Set(
    (spec.held ?? []).map(i => labelIds[i % labelIds.length]),
  );
  [...held].forEach((labelId, i) =>
    admin.createHolder(HOLDERS[i % HOLDERS.length], { labelIds: [labelId] }),
  );
  admin.setCounterLag(spec.tower.sweepLag);
  const initial = new Map(admin.labels().map(t => [t.id, t]));
  return {
    spec,
    keys: sweptKeys(spec.tower.prefix),
    cutoffMs,
    labelIds,
    vmIds,
    objects,
    initial,
    refusing,
    held,
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
    case 'attachObject': {
      if (!exists) return [];
      const relation = OTHER_RELATIONS[a.target % OTHER_RELATIONS.length];
      const objectId = admin.createObject(relation, {
        name: `late-${a.at}`,
      }).id;
      world.objects.push({ relation, id: objectId });
      admin.attach({ labelId, relation, objectId });
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
