import { SimulatorError } from '../errors';
import { assignCounters } from './labelCounters';
import { CreateLabelInput, DeletedLabel, LabelRecord } from './types';

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
  counterNames: ReadonlySet<string>,
): LabelRecord {
  const label: LabelRecord = {
    id,
    key: input.key,
    value: input.value ?? null,
    createdAt:
      input.createdAt === undefined ? clock().getTime() : toMs(input.createdAt),
    counterBase: nullCounters ? null : 0,
    counters: {},
  };
  if (input.counters) assignCounters(label, input.counters, counterNames);
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
    references: Record<string, string[]>;
  },
): DeletedLabel {
  return {
    id: label.id,
    key: label.key,
    value: label.value,
    createdAt: createdAtIso(label),
    deletedAt: deletion.deletedAt,
    via: deletion.via,
    vmIds: deletion.references.vms ?? [],
    securityPolicyIds: deletion.references.security_policies ?? [],
    references: deletion.references,
  };
}
