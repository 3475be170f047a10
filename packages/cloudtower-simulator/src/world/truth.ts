import type { Store } from './Store';
import { allCounters, counterValue } from './labelCounters';
import { createdAtIso } from './labelRecord';
import { LabelRecord, LabelTruth, ObjectTruth } from './types';

/** A label as the admin API shows it: stored fields and counters plus its live references. */
export function labelTruth(store: Store, label: LabelRecord): LabelTruth {
  const references = store.refs.referencesOf(label.id);
  return {
    id: label.id,
    key: label.key,
    value: label.value,
    createdAt: createdAtIso(label),
    vm_num: counterValue(label, 'vm_num'),
    total_num: counterValue(label, 'total_num'),
    security_policy_num: counterValue(label, 'security_policy_num'),
    counters: allCounters(label, store.counterNames),
    vmIds: references.vms ?? [],
    securityPolicyIds: references.security_policies ?? [],
    references,
  };
}

/** Every label in id order, as the admin API shows it. */
export function allLabelsTruth(store: Store): LabelTruth[] {
  const out: LabelTruth[] = [];
  for (const id of store.labelIds.ascending())
    out.push(labelTruth(store, store.labels.get(id)!));
  return out;
}

/** The objects of one relation ('vms', 'hosts', ...) with the labels they hold, as the admin API shows them. */
export function objectTruths(store: Store, relation: string): ObjectTruth[] {
  store.refs.requireRelation(relation);
  const records =
    relation === 'vms'
      ? [...store.vmIds.ascending()].map(id => store.vms.get(id)!)
      : [...store.objects.of(relation).values()];
  return records.map(o => ({
    ...o,
    labelIds: [...store.refs.labelsOf(relation, o.id)],
  }));
}
