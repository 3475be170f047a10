import { SimulatorError } from '../errors';
import type { Store } from '../world';

/** Which label and which resource an attach/detach is about. */
export interface AttachInput {
  /** The label by id, or by key (+ value): the first such label, created if missing (as CAPE does). */
  labelId?: string;
  key?: string;
  value?: string | null;
  /** The object by relation field ('vm_snapshots', 'hosts', 'vms', ...) and id. */
  relation?: string;
  objectId?: string;
  vmId?: string;
  securityPolicyId?: string;
}

/** The (relation field, object id) pairs an attach/detach names: the generic pair, vmId, securityPolicyId. */
export function attachTargets(input: AttachInput): [string, string][] {
  const out: [string, string][] = [];
  if ((input.relation === undefined) !== (input.objectId === undefined))
    throw new SimulatorError(
      'relation and objectId go together',
      'INVALID_INPUT',
    );
  if (input.relation !== undefined && input.objectId !== undefined)
    out.push([input.relation, input.objectId]);
  if (input.vmId) out.push(['vms', input.vmId]);
  if (input.securityPolicyId)
    out.push(['security_policies', input.securityPolicyId]);
  return out;
}

/** The label an attach/detach is about: by id, or the first label with that key and value. */
export function resolveAttachLabel(
  store: Store,
  input: AttachInput,
  create: boolean,
): string | undefined {
  if (input.labelId) return input.labelId;
  if (!input.key)
    throw new SimulatorError('labelId or key is required', 'INVALID_INPUT');
  const idx = store.keyIndex(input.key);
  const value = input.value ?? null;
  for (const id of idx?.ascending() ?? []) {
    if (store.labels.get(id)!.value === value) return id;
  }
  return create ? store.createLabel({ key: input.key, value }).id : undefined;
}
