/** The property tests' worlds as data: label, action and Tower specs and their fast-check arbitraries. */
import { LABEL_RELATIONS } from '@smartx-cape/cloudtower-simulator';
import fc from 'fast-check';
import { DAY, HOUR } from '../../__testUtils__/time';

/** Every relation of Tower's `Label` but VMs (which the worlds model with recycle bins). */
export const OTHER_RELATIONS: readonly string[] = LABEL_RELATIONS.map(
  r => r.field,
).filter(f => f !== 'vms');

/** The pinned start of every property sweep (the sweeper's injected `now`). */
export const T0 = Date.parse('2026-06-01T03:00:00.000Z');

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
  /** Index into the world's other objects (snapshots, templates, hosts, policies, ...), or -1. */
  holder: number;
};

export type ActionKind =
  | 'attachNewVm'
  | 'attachObject'
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
  /** A current Tower (every relation of the schema) that refuses introspection: the run probes. */
  refusesIntrospection?: boolean;
};

export type WorldSpec = {
  tower: TowerSpec;
  vms: boolean[]; // in recycle bin?
  /** The relation of each other object of the world. */
  objects: string[];
  labels: LabelSpec[];
  actions: ActionSpec[];
  /**
   * Indices (modulo the labels) of the labels an Everoute security policy uses: Tower refuses,
   * as a whole, every delete that would take one.
   */
  everoute?: number[];
  /**
   * Indices (modulo the labels) of the labels an object without a relation on Label names (a
   * security group, a policy's selector): no relation, no counter shows them.
   */
  held?: number[];
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
  fc.integer({ min: -3 * DAY, max: DAY }),
);

/** Most often none, else up to `most` label indices (modulo the labels). */
function someLabels(noneWeight: number, most: number) {
  return fc.oneof(
    { weight: noneWeight, arbitrary: fc.constant<number[]>([]) },
    {
      weight: 1,
      arbitrary: fc.array(fc.nat({ max: 60 }), {
        minLength: 1,
        maxLength: most,
      }),
    },
  );
}

export function worldArb(
  opts: { maxLabels?: number } = {},
): fc.Arbitrary<WorldSpec> {
  const maxLabels = opts.maxLabels ?? 40;
  const tower = fc.record({
    prefix: fc.constantFrom<'cape' | 'sks'>('cape', 'sks'),
    minAgeMs: fc.constantFrom(DAY, HOUR, 0),
    dryRun: fc.integer({ min: 0, max: 4 }).map(n => n === 0),
    maxDeletes: fc.oneof(
      { weight: 4, arbitrary: fc.constant(5000) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 5 }) },
    ),
    confirmAfterMs: fc.oneof(
      { weight: 5, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.constant(HOUR) },
    ),
    preRunOffsetMs: fc.constantFrom(-1000, 0, 1000),
    sweepLag: fc.constantFrom<0 | 'never'>(0, 'never'),
    refusesIntrospection: fc.integer({ min: 0, max: 3 }).map(n => n === 0),
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
    holder: fc.oneof(
      { weight: 4, arbitrary: fc.constant(-1) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }) },
    ),
  });
  const action = fc.record({
    at: fc.integer({ min: 0, max: 14 }),
    when: fc.constantFrom<'before' | 'after'>('before', 'after'),
    kind: fc.constantFrom<ActionKind>(
      'attachNewVm',
      'attachNewVm',
      'attachNewVm',
      'attachObject',
      'attachObject',
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
    objects: fc.array(fc.constantFrom(...OTHER_RELATIONS), { maxLength: 4 }),
    labels: fc.array(label, { minLength: 5, maxLength: maxLabels }),
    actions: fc.array(action, { maxLength: 8 }),
    held: someLabels(2, 4),
    everoute: someLabels(3, 3),
  });
}
