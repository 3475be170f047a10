import { compileLabelWhere, compileVmWhere } from './filter';
import type { LabelRecord, Store, VmRecord } from '../world';
import {
  applyWindow,
  cursorPosition,
  orderComparator,
  ListArgs,
  Window,
} from './window';

function value<T>(row: T, field: string): string | number | boolean | null {
  return (
    (row as unknown as Record<string, string | number | boolean | null>)[
      field
    ] ?? null
  );
}

function windowOf<T extends { id: string }>(
  rows: T[],
  args: ListArgs,
  lookup: (id: string) => T | undefined,
  overflow: number,
): Window<T> & { count: number } {
  const order = orderComparator<T>(args.orderBy, value);
  rows.sort(order.compare);
  const win = applyWindow(
    rows,
    args,
    cursorPosition(lookup, order.compare),
    overflow,
  );
  // Not `{ ...win, count }`: on Node 20 that spread took ~2 µs, and `Label.vms` gets here once per
  // label of an answer.
  return Object.assign(win, { count: rows.length });
}

/** VMs (all, or the given ids) matching `where`, paginated. VMs are few: a scan is fine. */
export function vmWindow(
  store: Store,
  args: ListArgs,
  ids?: Iterable<string>,
  overflow = 0,
): Window<VmRecord> & { count: number } {
  const pred = compileVmWhere(store, args.where);
  const rows: VmRecord[] = [];
  for (const id of ids ?? store.vmIds.ascending()) {
    const vm = store.vms.get(id);
    if (vm && pred(vm)) rows.push(vm);
  }
  return windowOf(rows, args, id => store.vms.get(id), overflow);
}

/** Labels of one VM (`Vm.labels`), filtered and paginated. */
export function labelsOfVm(
  store: Store,
  vmId: string,
  args: ListArgs,
): LabelRecord[] {
  const pred = compileLabelWhere(store, args.where);
  const rows: LabelRecord[] = [];
  for (const id of store.labelsOf(vmId)) {
    const l = store.labels.get(id);
    if (l && pred(l)) rows.push(l);
  }
  return windowOf(rows, args, id => store.labels.get(id), 0).items;
}
