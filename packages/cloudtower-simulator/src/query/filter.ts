import { SimulatorError } from '../errors';
import type { LabelRecord, Store, VmRecord } from '../world';
import { Kind, Pred, scalarPred, splitField } from './scalarFilter';

/** A Prisma-1 style where input (LabelWhereInput / VmWhereInput), as plain JSON. */
export type WhereInput = { [field: string]: unknown };

const LABEL_FIELDS: Record<string, Kind> = {
  id: 'id',
  key: 'string',
  value: 'string',
  createdAt: 'date',
  vm_num: 'int',
  total_num: 'int',
  security_policy_num: 'int',
};
const VM_FIELDS: Record<string, Kind> = {
  id: 'id',
  name: 'string',
  in_recycle_bin: 'bool',
};

function all<T>(preds: Pred<T>[]): Pred<T> {
  if (preds.length === 0) return () => true;
  if (preds.length === 1) return preds[0];
  return row => {
    for (const p of preds) if (!p(row)) return false;
    return true;
  };
}

function isEmpty(where: unknown): boolean {
  return (
    where === null ||
    where === undefined ||
    (typeof where === 'object' && Object.keys(where).length === 0)
  );
}

/** Relation filter: `_some` / `_every` / `_none` over related ids. */
function relationPred<T>(
  mode: string,
  related: (row: T) => ReadonlySet<string>,
  sub: WhereInput,
  test: (id: string) => boolean,
): Pred<T> {
  const matchAll = isEmpty(sub);
  if (mode === 'some')
    return matchAll
      ? row => related(row).size > 0
      : row => {
          for (const id of related(row)) if (test(id)) return true;
          return false;
        };
  if (mode === 'none')
    return matchAll
      ? row => related(row).size === 0
      : row => {
          for (const id of related(row)) if (test(id)) return false;
          return true;
        };
  if (mode === 'every')
    return matchAll
      ? () => true
      : row => {
          for (const id of related(row)) if (!test(id)) return false;
          return true;
        };
  throw new SimulatorError(`unknown relation filter ${mode}`, 'INVALID_INPUT');
}

function combinators<T>(
  where: WhereInput,
  self: (w: WhereInput) => Pred<T>,
  preds: Pred<T>[],
): void {
  const list = (v: unknown): WhereInput[] => {
    if (Array.isArray(v)) return v as WhereInput[];
    return v === undefined || v === null ? [] : [v as WhereInput];
  };
  if ('AND' in where) preds.push(all(list(where.AND).map(self)));
  if ('OR' in where) {
    const ors = list(where.OR).map(self);
    preds.push(row => ors.some(p => p(row)));
  }
  if ('NOT' in where) {
    // NOT: [a, b] holds when none of a, b holds.
    const nots = list(where.NOT).map(self);
    preds.push(row => !nots.some(p => p(row)));
  }
}

/** What a where input of one record type may say: its scalar fields and its relation filter. */
interface WhereSpec<T, R> {
  fields: Record<string, Kind>;
  /** `<relation>_(some|every|none)`. */
  relation: RegExp;
  compileRelated(store: Store, where: WhereInput): Pred<R>;
  related(store: Store, id: string): R | undefined;
  relatedIds(store: Store, row: T): ReadonlySet<string>;
}

const LABEL_SPEC: WhereSpec<LabelRecord, VmRecord> = {
  fields: LABEL_FIELDS,
  relation: /^vms_(some|every|none)$/,
  compileRelated: (store, where) => compileVmWhere(store, where),
  related: (store, id) => store.vms.get(id),
  relatedIds: (store, label) => store.vmsOf(label.id),
};

const VM_SPEC: WhereSpec<VmRecord, LabelRecord> = {
  fields: VM_FIELDS,
  relation: /^labels_(some|every|none)$/,
  compileRelated: (store, where) => compileLabelWhere(store, where),
  related: (store, id) => store.labels.get(id),
  relatedIds: (store, vm) => store.labelsOf(vm.id),
};

function compileWhere<T, R>(
  store: Store,
  where: WhereInput | null | undefined,
  spec: WhereSpec<T, R>,
): Pred<T> {
  if (isEmpty(where)) return () => true;
  const w = where as WhereInput;
  const preds: Pred<T>[] = [];
  const self = (x: WhereInput) => compileWhere(store, x, spec);
  combinators(w, self, preds);
  for (const [name, raw] of Object.entries(w)) {
    if (name === 'AND' || name === 'OR' || name === 'NOT' || raw === undefined)
      continue;
    const rel = spec.relation.exec(name);
    if (rel) {
      const sub = raw as WhereInput;
      const relatedPred = spec.compileRelated(store, sub);
      const test = (id: string) => {
        const r = spec.related(store, id);
        return r !== undefined && relatedPred(r);
      };
      const ids = (row: T) => spec.relatedIds(store, row);
      preds.push(relationPred<T>(rel[1], ids, sub, test));
      continue;
    }
    const [field, suffix] = splitField(name, spec.fields);
    const kind = spec.fields[field];
    preds.push(scalarPred(field, kind, suffix, raw) as unknown as Pred<T>);
  }
  return all(preds);
}

/** Compiles a LabelWhereInput into a predicate over stored labels. */
export function compileLabelWhere(
  store: Store,
  where: WhereInput | null | undefined,
): Pred<LabelRecord> {
  return compileWhere(store, where, LABEL_SPEC);
}

/** Compiles a VmWhereInput into a predicate over stored VMs. */
export function compileVmWhere(
  store: Store,
  where: WhereInput | null | undefined,
): Pred<VmRecord> {
  return compileWhere(store, where, VM_SPEC);
}
