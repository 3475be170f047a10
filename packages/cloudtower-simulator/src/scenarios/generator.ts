import { mulberry32, pick, randomInt } from '../random';
import type { Store } from '../world';
import { HOUR } from '../time';

/** Parameters of a generated world. Shares are fractions 0..1. */
export interface GeneratorSpec {
  /** Number of labels. */
  labels: number;
  /** CAPE resource prefix (default 'cape'). */
  prefix?: string;
  /** Swept key suffixes (default cluster-name, namespace, vip). */
  keys?: string[];
  /** Distinct cluster names used in values (default labels / 6). */
  clusters?: number;
  /** Labels with no reference at all (default 0.5). */
  orphanShare?: number;
  /** Labels younger than `youngHours` (default 0.1, 12 h); the rest spread up to `maxAgeDays` (default 30). */
  youngShare?: number;
  youngHours?: number;
  maxAgeDays?: number;
  /** Number of VMs (default labels / 5, at least 1) and the share in the recycle bin (default 0.1). */
  vms?: number;
  recycleBinShare?: number;
  /** Referenced labels held by a security policy instead of VMs (default 0.1). */
  securityPolicyShare?: number;
  /** Labels keyed `<prefix>-managed` (0.05), `system.cloudtower/...` (0.05), foreign keys (0.1). */
  managedShare?: number;
  systemShare?: number;
  foreignShare?: number;
  /**
   * Of the orphan-looking labels, the share held by one object of a non-VM relation while their
   * stored counters say 0 (default 0): the counter lags, only the live relation tells.
   */
  hiddenReferenceShare?: number;
  /** Relations those objects come from, taken in turn (default: every relation but `vms`). */
  hiddenReferenceRelations?: string[];
  /** Orphans whose stored counters still say "used" (default 0.1) or are null (default 0.02). */
  staleCounterShare?: number;
  nullCounterShare?: number;
}

const FOREIGN_KEYS = ['env', 'team', 'owner', 'app', 'cost-center'];
const SYSTEM_KEYS = [
  'system.cloudtower/protected',
  'system.cloudtower/managed-by',
  'system.cloudtower/snapshot-plan',
];

/** Fills the store with a deterministic world (same seed and spec, same world). */
export function generateWorld(
  store: Store,
  spec: GeneratorSpec,
  seed: number,
  now: number,
): void {
  const rnd = mulberry32(seed);
  const prefix = spec.prefix ?? 'cape';
  const keys = (spec.keys ?? ['cluster-name', 'namespace', 'vip']).map(
    k => `${prefix}-${k}`,
  );
  const clusters = Math.max(1, spec.clusters ?? Math.ceil(spec.labels / 6));
  const orphanShare = spec.orphanShare ?? 0.5;
  const youngShare = spec.youngShare ?? 0.1;
  const youngHours = spec.youngHours ?? 12;
  const maxAgeHours = Math.max(youngHours + 1, (spec.maxAgeDays ?? 30) * 24);
  const vmCount = Math.max(1, spec.vms ?? Math.ceil(spec.labels / 5));
  const kinds = {
    foreign: spec.foreignShare ?? 0.1,
    system: spec.systemShare ?? 0.05,
    managed: spec.managedShare ?? 0.05,
  };

  const vmIds: string[] = [];
  for (let i = 0; i < vmCount; i++) {
    const inRecycleBin = rnd() < (spec.recycleBinShare ?? 0.1);
    vmIds.push(
      store.createVm({ name: `vm-${String(i).padStart(5, '0')}`, inRecycleBin })
        .id,
    );
  }
  const policyIds: string[] = [];
  const policyCount = Math.max(1, Math.ceil(vmCount / 20));
  for (let i = 0; i < policyCount; i++)
    policyIds.push(
      store.createObject('security_policies', { name: `policy-${i}` }).id,
    );

  const orphans: string[] = [];
  const hidden: string[] = [];
  const hiddenShare = spec.hiddenReferenceShare ?? 0;
  for (let i = 0; i < spec.labels; i++) {
    const r = rnd();
    let key: string;
    let value: string | null;
    const cluster = `cluster-${randomInt(rnd, 1, clusters)}`;
    if (r < kinds.foreign) {
      key = pick(rnd, FOREIGN_KEYS);
      value = `v${randomInt(rnd, 1, 20)}`;
    } else if (r < kinds.foreign + kinds.system) {
      key = pick(rnd, SYSTEM_KEYS);
      value = 'true';
    } else if (r < kinds.foreign + kinds.system + kinds.managed) {
      key = `${prefix}-managed`;
      value = 'true';
    } else {
      key = pick(rnd, keys);
      if (key.endsWith('-vip'))
        value = `10.0.${randomInt(rnd, 0, 255)}.${randomInt(rnd, 1, 254)}`;
      else if (key.endsWith('-namespace'))
        value = `ns-${randomInt(rnd, 1, 40)}`;
      else value = cluster;
    }
    const ageHours =
      rnd() < youngShare
        ? rnd() * youngHours
        : youngHours + rnd() * (maxAgeHours - youngHours);
    const label = store.createLabel({
      key,
      value,
      createdAt: Math.round(now - ageHours * HOUR),
    });
    if (rnd() < orphanShare) {
      // Drawn only when asked for, so that worlds without hidden references stay as they were.
      if (hiddenShare > 0 && rnd() < hiddenShare) hidden.push(label.id);
      else orphans.push(label.id);
    } else if (rnd() < (spec.securityPolicyShare ?? 0.1)) {
      store.attach('security_policies', label.id, pick(rnd, policyIds));
    } else {
      const n = randomInt(rnd, 1, 2);
      for (let k = 0; k < n; k++) store.attachVm(label.id, pick(rnd, vmIds));
    }
  }
  const held = holdHidden(store, hidden, spec.hiddenReferenceRelations);
  store.recomputeCounters();
  for (const [id, counter] of held)
    store.setCounters(id, { [counter]: 0, total_num: 0 });
  for (const id of orphans) {
    const r = rnd();
    if (r < (spec.staleCounterShare ?? 0.1))
      store.setCounters(id, { vm_num: 1, total_num: 1 });
    else if (
      r <
      (spec.staleCounterShare ?? 0.1) + (spec.nullCounterShare ?? 0.02)
    ) {
      store.setCounters(id, {
        vm_num: null,
        total_num: null,
        security_policy_num: null,
      });
    }
  }
}

/** One object per label, of the given relations in turn; returns each label with that relation's counter. */
function holdHidden(
  store: Store,
  labelIds: string[],
  fields?: string[],
): [string, string][] {
  const relations = (fields ?? store.relations.map(r => r.field))
    .filter(f => f !== 'vms')
    .map(f => store.refs.relation(f))
    .filter(r => r !== undefined);
  if (relations.length === 0) return [];
  return labelIds.map((id, i) => {
    const r = relations[i % relations.length];
    store.createObject(r.field, {
      name: `${r.type}-held-${i}`,
      labelIds: [id],
    });
    return [id, r.counter];
  });
}
