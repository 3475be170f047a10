import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { generateWorld, GeneratorSpec } from './generator';
import type { LabelCounters, Store } from '../world';
import { DAY, HOUR, MINUTE, SECOND } from '../time';

/** A world to load: generated (`generate`) and/or listed explicitly (applied after generation). */
export interface ScenarioSpec {
  name?: string;
  /** PRNG seed (default 1): same seed and spec, same world (ids included). */
  seed?: number;
  generate?: GeneratorSpec;
  vms?: { id?: string; name: string; inRecycleBin?: boolean }[];
  securityPolicies?: { id?: string; name: string }[];
  labels?: ScenarioLabel[];
}

export interface ScenarioLabel {
  id?: string;
  key: string;
  value?: string | null;
  /** Absolute ISO time, or `age` relative to the simulator clock ('36h', '2d', '30m', number = hours). */
  createdAt?: string;
  age?: string | number;
  /** VM ids or names / security policy ids or names this label is attached to. */
  vms?: string[];
  securityPolicies?: string[];
  /** Stored counters to force (default: computed from the references). */
  counters?: Partial<LabelCounters>;
}

const DEMO: ScenarioSpec = {
  name: 'demo',
  seed: 42,
  generate: {
    labels: 300,
    prefix: 'cape',
    clusters: 25,
    orphanShare: 0.6,
    youngShare: 0.12,
    youngHours: 20,
    maxAgeDays: 45,
    vms: 40,
    recycleBinShare: 0.15,
    securityPolicyShare: 0.15,
    managedShare: 0.08,
    systemShare: 0.05,
    foreignShare: 0.1,
    staleCounterShare: 0.2,
    nullCounterShare: 0.03,
  },
};

/** Like demo, plus ~20 orphan-looking labels (counter 0, no VM) that one object of another relation holds. */
const DEMO_REFS: ScenarioSpec = {
  ...DEMO,
  name: 'demo-refs',
  generate: {
    ...DEMO.generate!,
    hiddenReferenceShare: 0.11,
    hiddenReferenceRelations: [
      'vm_snapshots',
      'vm_templates',
      'hosts',
      'clusters',
      'iscsi_luns',
      'nfs_exports',
      'content_library_vm_templates',
      'isolation_policies',
    ],
  },
};

const LARGE: ScenarioSpec = {
  name: 'large',
  seed: 7,
  generate: { labels: 100_000, prefix: 'cape', vms: 5000, orphanShare: 0.5 },
};

/** Named scenarios; `large:<n>` sets the label count; `empty` has nothing. */
export const NAMED_SCENARIOS: Readonly<Record<string, ScenarioSpec>> =
  Object.freeze({
    empty: { name: 'empty' },
    demo: DEMO,
    'demo-sks': {
      ...DEMO,
      name: 'demo-sks',
      generate: { ...DEMO.generate!, prefix: 'sks' },
    },
    'demo-refs': DEMO_REFS,
    small: { name: 'small', seed: 3, generate: { labels: 40, vms: 8 } },
    large: LARGE,
  });

/** Resolves a scenario name (`demo`, `large:50000`) or a .json/.yaml file path. */
export function resolveScenario(scenario: ScenarioSpec | string): ScenarioSpec {
  if (typeof scenario !== 'string') return scenario;
  const [name, arg] = scenario.split(':');
  const named = NAMED_SCENARIOS[name];
  if (named) {
    if (arg === undefined) return named;
    const labels = Number(arg);
    if (!Number.isInteger(labels) || labels < 0 || !named.generate)
      throw new Error(`bad scenario ${scenario}`);
    return {
      ...named,
      generate: {
        ...named.generate,
        labels,
        vms: Math.max(1, Math.ceil(labels / 20)),
      },
    };
  }
  if (/\.(ya?ml|json)$/.test(scenario)) {
    const text = readFileSync(scenario, 'utf8');
    return (
      scenario.endsWith('.json') ? JSON.parse(text) : parseYaml(text)
    ) as ScenarioSpec;
  }
  throw new Error(
    `unknown scenario '${scenario}' (known: ${Object.keys(NAMED_SCENARIOS).join(', ')}, or a .yaml/.json file)`,
  );
}

const UNIT_MS: Record<string, number> = {
  s: SECOND,
  m: MINUTE,
  h: HOUR,
  d: DAY,
};

function parseAge(age: string | number): number {
  if (typeof age === 'number') return age * UNIT_MS.h;
  const m = /^(\d+(?:\.\d+)?)\s*([smhd])$/.exec(age.trim());
  if (!m) throw new Error(`bad age '${age}' (use e.g. 36h, 2d, 30m)`);
  return Number(m[1]) * UNIT_MS[m[2]];
}

/** Loads a scenario into an (empty) store. Counters end up consistent unless the scenario forces them. */
export function applyScenario(
  store: Store,
  scenario: ScenarioSpec | string,
): void {
  const spec = resolveScenario(scenario);
  const now = store.clock().getTime();
  store.counters.suspend(() => {
    if (spec.generate) generateWorld(store, spec.generate, spec.seed ?? 1, now);
    const vmByName = new Map<string, string>();
    for (const v of spec.vms ?? []) vmByName.set(v.name, store.createVm(v).id);
    const policyByName = new Map<string, string>();
    for (const p of spec.securityPolicies ?? [])
      policyByName.set(p.name, store.createObject('security_policies', p).id);
    const forced: [string, Partial<LabelCounters>][] = [];
    const created: string[] = [];
    for (const l of spec.labels ?? []) {
      const createdAt =
        l.createdAt ??
        (l.age !== undefined ? now - parseAge(l.age) : undefined);
      const label = store.createLabel({
        id: l.id,
        key: l.key,
        value: l.value ?? null,
        createdAt,
      });
      for (const v of l.vms ?? [])
        store.attachVm(label.id, vmByName.get(v) ?? v);
      for (const p of l.securityPolicies ?? [])
        store.attach('security_policies', label.id, policyByName.get(p) ?? p);
      created.push(label.id);
      if (l.counters) forced.push([label.id, l.counters]);
    }
    store.recomputeCounters(created);
    for (const [id, c] of forced) store.setCounters(id, c);
  });
}
