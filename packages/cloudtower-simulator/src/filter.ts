import type { Store } from './store';
import { TowerError } from './store';
import { Kind, Pred, scalarPred, splitField } from './scalarFilter';
import { LabelRecord, VmRecord } from './types';

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
  throw new TowerError(`unknown relation filter ${mode}`, 'INVALID_INPUT');
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

/** Compiles a LabelWhereInput into a predicate over stored labels. */
export function compileLabelWhere(
  store: Store,
  where: WhereInput | null | undefined,
): Pred<LabelRecord> {
  if (isEmpty(where)) return () => true;
  const w = where as WhereInput;
  const preds: Pred<LabelRecord>[] = [];
  const self = (x: WhereInput) => compileLabelWhere(store, x);
  combinators(w, self, preds);
  for (const [name, raw] of Object.entries(w)) {
    if (name === 'AND' || name === 'OR' || name === 'NOT' || raw === undefined)
      continue;
    const rel = /^vms_(some|every|none)$/.exec(name);
    if (rel) {
      const vmPred = compileVmWhere(store, raw as WhereInput);
      const test = (id: string) => {
        const vm = store.vms.get(id);
        return !!vm && vmPred(vm);
      };
      preds.push(
        relationPred<LabelRecord>(
          rel[1],
          l => store.vmsOf(l.id),
          raw as WhereInput,
          test,
        ),
      );
      continue;
    }
    const [field, suffix] = splitField(name, LABEL_FIELDS);
    preds.push(
      scalarPred(
        field,
        LABEL_FIELDS[field],
        suffix,
        raw,
      ) as unknown as Pred<LabelRecord>,
    );
  }
  return all(preds);
}

/** Compiles a VmWhereInput into a predicate over stored VMs. */
export function compileVmWhere(
  store: Store,
  where: WhereInput | null | undefined,
): Pred<VmRecord> {
  if (isEmpty(where)) return () => true;
  const w = where as WhereInput;
  const preds: Pred<VmRecord>[] = [];
  const self = (x: WhereInput) => compileVmWhere(store, x);
  combinators(w, self, preds);
  for (const [name, raw] of Object.entries(w)) {
    if (name === 'AND' || name === 'OR' || name === 'NOT' || raw === undefined)
      continue;
    const rel = /^labels_(some|every|none)$/.exec(name);
    if (rel) {
      const labelPred = compileLabelWhere(store, raw as WhereInput);
      const test = (id: string) => {
        const l = store.labels.get(id);
        return !!l && labelPred(l);
      };
      preds.push(
        relationPred<VmRecord>(
          rel[1],
          vm => store.labelsOf(vm.id),
          raw as WhereInput,
          test,
        ),
      );
      continue;
    }
    const [field, suffix] = splitField(name, VM_FIELDS);
    preds.push(
      scalarPred(
        field,
        VM_FIELDS[field],
        suffix,
        raw,
      ) as unknown as Pred<VmRecord>,
    );
  }
  return all(preds);
}
