import type { RelatedObjectRecord, Store } from '../world';
import { compileObjectWhere } from './filter';
import { ListArgs, sortedWindow } from './window';

/** The objects of one relation (other than `vms`) among `ids`, filtered and paginated. */
export function objectWindow(
  store: Store,
  field: string,
  ids: Iterable<string>,
  args: ListArgs,
  overflow = 0,
): RelatedObjectRecord[] {
  const pred = compileObjectWhere(store, args.where);
  const rows: RelatedObjectRecord[] = [];
  for (const id of ids) {
    const o = store.objects.get(field, id);
    if (o && pred(o)) rows.push(o);
  }
  return sortedWindow(rows, args, id => store.objects.get(field, id), overflow)
    .items;
}
