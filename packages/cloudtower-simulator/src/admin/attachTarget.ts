import { SimulatorError } from '../errors';
import type { Store } from '../world';

/** Which label and which resource an attach/detach is about. */
export interface AttachInput {
  /** The label by id, or by key (+ value): the first such label, created if missing (as CAPE does). */
  labelId?: string;
  key?: string;
  value?: string | null;
  vmId?: string;
  securityPolicyId?: string;
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
