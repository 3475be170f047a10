import type { Mode } from './runner';
import type { LabelSpec, TowerSpec, WorldSpec } from './worldSpec';

/** An old enough `cape-cluster-name` label with a true counter, free unless told otherwise. */
function label(on: Partial<Pick<LabelSpec, 'vm' | 'holder'>> = {}): LabelSpec {
  return {
    prefix: 'cape',
    keyKind: 'cluster-name',
    value: null,
    ageMs: 0,
    counter: 'true',
    vm: -1,
    holder: -1,
    ...on,
  };
}

/** A deleting `cape` Tower without VMs or other objects, changed by what the world gives. */
function world({
  tower = {},
  ...rest
}: Omit<WorldSpec, 'tower' | 'vms' | 'objects'> & {
  tower?: Partial<TowerSpec>;
}): WorldSpec {
  return {
    tower: {
      prefix: 'cape',
      minAgeMs: 86400000,
      dryRun: false,
      maxDeletes: 5000,
      confirmAfterMs: 0,
      preRunOffsetMs: -1000,
      sweepLag: 0,
      ...tower,
    },
    vms: [],
    objects: [],
    ...rest,
  };
}

/**
 * Past failures, replayed first on every run: the worlds fast-check shrank them to (the seeds and
 * shrink paths it printed replay other worlds once the world's shape changes), the mode, and the
 * bug each found.
 */
export const REGRESSION_WORLDS: {
  mode: Mode;
  found: string;
  world: WorldSpec;
}[] = [
  {
    mode: 'memory',
    found:
      'seed 650149042, in memory: a label raced (CAPE attached a VM between check and delete) keeps its cap slot; the oracle wrongly required deleted == maxDeletes',
    world: world({
      tower: { maxDeletes: 1 },
      labels: [
        label(),
        label({ holder: 0 }),
        label(),
        label(),
        label({ vm: 0 }),
        label(),
      ],
      actions: [{ at: 2, when: 'before', kind: 'attachNewVm', target: 0 }],
    }),
  },
  {
    mode: 'http',
    found:
      'seed -667837233, over HTTP: same raced-label-under-cap case over the real client and guard (cap slot kept, run partial CAP_REACHED with 0 deleted)',
    world: world({
      tower: { maxDeletes: 1 },
      labels: [
        label({ vm: 0 }),
        label(),
        label({ vm: 0 }),
        label({ vm: 0 }),
        label(),
      ],
      actions: [
        { at: 3, when: 'before', kind: 'attachNewVm', target: 0 },
        { at: 4, when: 'after', kind: 'attachNewVm', target: 37 },
        { at: 4, when: 'before', kind: 'deleteVm', target: 7 },
        { at: 2, when: 'after', kind: 'attachNewVm', target: 7 },
        { at: 10, when: 'after', kind: 'attachObject', target: 53 },
        { at: 1, when: 'before', kind: 'toggleBin', target: 5 },
      ],
    }),
  },
  {
    mode: 'memory',
    found:
      'issue 35, in memory: a label an Everoute security policy uses made Tower refuse its whole batch, and every orphan of the batch failed with it',
    world: world({
      labels: Array.from({ length: 5 }, () => label()),
      actions: [],
      everoute: [0],
    }),
  },
  {
    mode: 'memory',
    found:
      'seed 174940964, in memory: the guard left a label CAPE attached a VM to after the live check, named referenced by the survivor read, and it keeps its cap slot; the oracle counted only raced survivors as reserved',
    world: world({
      tower: { maxDeletes: 1, refusesIntrospection: true },
      labels: [
        label(),
        label({ vm: 0, holder: 0 }),
        label({ holder: 0 }),
        label(),
        label(),
      ],
      actions: [{ at: 3, when: 'before', kind: 'attachNewVm', target: 0 }],
      held: [],
      everoute: [],
    }),
  },
];
