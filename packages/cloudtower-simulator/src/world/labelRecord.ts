import { SimulatorError } from '../errors';
import {
  CreateLabelInput,
  DeletedLabel,
  LabelCounters,
  LabelRecord,
} from './types';

function toMs(v: string | number | Date): number {
  let ms: number;
  if (v instanceof Date) ms = v.getTime();
  else ms = typeof v === 'number' ? v : Date.parse(v);
  if (!Number.isFinite(ms))
    throw new SimulatorError(`invalid date ${String(v)}`, 'INVALID_INPUT');
  return ms;
}

/** A new label as stored: counters 0 (or null), unless the input gives them. */
export function newLabelRecord(
  id: string,
  input: CreateLabelInput,
  nullCounters: boolean,
  clock: () => Date,
): LabelRecord {
  const init = nullCounters ? null : 0;
  const label: LabelRecord = {
    id,
    key: input.key,
    value: input.value ?? null,
    createdAt:
      input.createdAt === undefined ? clock().getTime() : toMs(input.createdAt),
    vm_num: init,
    total_num: init,
    security_policy_num: init,
  };
  if (input.counters) {
    for (const [k, v] of Object.entries(input.counters)) {
      if (v !== undefined) label[k as keyof LabelCounters] = v;
    }
  }
  return label;
}

/** A label's `createdAt` as Tower writes it (ISO 8601), formatted once per label. */
export function createdAtIso(label: LabelRecord): string {
  label.createdAtIso ??= new Date(label.createdAt).toISOString();
  return label.createdAtIso;
}

/** What the deleted-label log keeps: the label, when and how it went, the references it still had. */
export function deletedLabelRecord(
  label: LabelRecord,
  deletion: {
    deletedAt: string;
    via: string;
    vmIds: string[];
    securityPolicyIds: string[];
  },
): DeletedLabel {
  return {
    id: label.id,
    key: label.key,
    value: label.value,
    createdAt: createdAtIso(label),
    deletedAt: deletion.deletedAt,
    via: deletion.via,
    vmIds: deletion.vmIds,
    securityPolicyIds: deletion.securityPolicyIds,
  };
}

/** Sets the counters given (a number or null) on `label`; the others stay as they are. */
export function assignCounters(
  label: LabelRecord,
  counters: Partial<LabelCounters>,
): void {
  for (const k of ['vm_num', 'total_num', 'security_policy_num'] as const) {
    const v = counters[k];
    if (v === null || typeof v === 'number') label[k] = v;
  }
}
