import { compileLabelWhere, compileVmWhere } from './filter';
import type { LabelRecord, Store, VmRecord } from '../world';
import { ListArgs, sortedWindow, Window } from './window';

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
  return sortedWindow(rows, args, id => store.vms.get(id), overflow);
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
  return sortedWindow(rows, args, id => store.labels.get(id), 0).items;
}
