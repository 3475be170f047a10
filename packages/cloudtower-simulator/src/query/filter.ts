import { SimulatorError } from '../errors';
import {
  counterValue,
  type LabelRecord,
  type RelatedObjectRecord,
  type Store,
  type VmRecord,
} from '../world';
import { Kind, Pred, Scalar, scalarPred, splitField } from './scalarFilter';

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
/** `<Type>WhereInput` of every related type but Vm: id and name. */
const OBJECT_FIELDS: Record<string, Kind> = { id: 'id', name: 'string' };

const RELATION_FILTER = /^(.+)_(some|every|none)$/;

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

/** A relation filter of one record type: which ids a row relates to, and a test of one related id. */
interface RelationFilter<T> {
  mode: string;
  related: (row: T) => ReadonlySet<string>;
  test: (sub: WhereInput) => (id: string) => boolean;
}

/** What a where input of one record type may say: its scalar fields and its relation filters. */
interface WhereSpec<T> {
  fields: Record<string, Kind>;
  getter(field: string): (row: T) => Scalar;
  /** The relation filter named `name` (`<relation>_(some|every|none)`), if there is one. */
  relation(store: Store, name: string): RelationFilter<T> | undefined;
}

const byProperty =
  <T>(field: string) =>
  (row: T) =>
    ((row as Record<string, unknown>)[field] ?? null) as Scalar;

/** A test of related ids against a sub-filter: the related record must exist and match. */
function relatedTest<R>(
  lookup: (id: string) => R | undefined,
  compile: (sub: WhereInput) => Pred<R>,
): (sub: WhereInput) => (id: string) => boolean {
  return sub => {
    const pred = compile(sub);
    return id => {
      const r = lookup(id);
      return r !== undefined && pred(r);
    };
  };
}

function labelRelation(
  store: Store,
  name: string,
): RelationFilter<LabelRecord> | undefined {
  const m = RELATION_FILTER.exec(name);
  const field = m?.[1];
  if (!m || !field || !store.refs.relation(field)) return undefined;
  const test =
    field === 'vms'
      ? relatedTest(
          id => store.vms.get(id),
          sub => compileVmWhere(store, sub),
        )
      : relatedTest(
          id => store.objects.get(field, id),
          sub => compileObjectWhere(store, sub),
        );
  return {
    mode: m[2],
    related: label => store.refs.of(field, label.id),
    test,
  };
}

const LABEL_SPEC: WhereSpec<LabelRecord> = {
  fields: LABEL_FIELDS,
  getter: field =>
    field in LABEL_FIELDS && LABEL_FIELDS[field] === 'int'
      ? label => counterValue(label, field)
      : byProperty(field),
  relation: labelRelation,
};

const VM_SPEC: WhereSpec<VmRecord> = {
  fields: VM_FIELDS,
  getter: byProperty,
  relation: (store, name) =>
    /^labels_(some|every|none)$/.test(name)
      ? {
          mode: name.slice('labels_'.length),
          related: vm => store.labelsOf(vm.id),
          test: relatedTest(
            id => store.labels.get(id),
            sub => compileLabelWhere(store, sub),
          ),
        }
      : undefined,
};

const OBJECT_SPEC: WhereSpec<RelatedObjectRecord> = {
  fields: OBJECT_FIELDS,
  getter: byProperty,
  relation: () => undefined,
};

function compileWhere<T>(
  store: Store,
  where: WhereInput | null | undefined,
  spec: WhereSpec<T>,
): Pred<T> {
  if (isEmpty(where)) return () => true;
  const w = where as WhereInput;
  const preds: Pred<T>[] = [];
  const self = (x: WhereInput) => compileWhere(store, x, spec);
  combinators(w, self, preds);
  for (const [name, raw] of Object.entries(w)) {
    if (name === 'AND' || name === 'OR' || name === 'NOT' || raw === undefined)
      continue;
    const rel = spec.relation(store, name);
    if (rel) {
      const sub = raw as WhereInput;
      const test = isEmpty(sub) ? () => true : rel.test(sub);
      preds.push(relationPred<T>(rel.mode, rel.related, sub, test));
      continue;
    }
    const [field, suffix] = splitField(name, spec.fields);
    preds.push(scalarPred(spec.getter(field), spec.fields[field], suffix, raw));
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

/** Compiles a `<Type>WhereInput` of a related type other than Vm (id, name, AND/OR/NOT). */
export function compileObjectWhere(
  store: Store,
  where: WhereInput | null | undefined,
): Pred<RelatedObjectRecord> {
  return compileWhere(store, where, OBJECT_SPEC);
}
