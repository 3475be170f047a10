import type { Store } from './Store';
import { createdAtIso } from './labelRecord';
import { LabelRecord, LabelTruth } from './types';

/** A label as the admin API shows it: stored fields plus its live references. */
export function labelTruth(store: Store, label: LabelRecord): LabelTruth {
  return {
    id: label.id,
    key: label.key,
    value: label.value,
    createdAt: createdAtIso(label),
    vm_num: label.vm_num,
    total_num: label.total_num,
    security_policy_num: label.security_policy_num,
    vmIds: [...store.vmsOf(label.id)],
    securityPolicyIds: [...store.policiesOf(label.id)],
  };
}

/** Every label in id order, as the admin API shows it. */
export function allLabelsTruth(store: Store): LabelTruth[] {
  const out: LabelTruth[] = [];
  for (const id of store.labelIds.ascending())
    out.push(labelTruth(store, store.labels.get(id)!));
  return out;
}
