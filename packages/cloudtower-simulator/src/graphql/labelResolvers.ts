import { ListArgs, objectWindow, vmWindow } from '../query';
import {
  counterNames,
  counterValue,
  createdAtIso,
  type LabelRecord,
  type LabelRelation,
} from '../world';
import type { Resolver } from './context';

/** Resolvers of Label: createdAt, every stored counter and every relation list of this Tower. */
export function labelResolvers(
  relations: readonly LabelRelation[],
): Record<string, Resolver<any>> {
  const out: Record<string, Resolver<any>> = {
    createdAt: s => createdAtIso(s as LabelRecord),
  };
  for (const name of counterNames(relations))
    out[name] = s => counterValue(s as LabelRecord, name);
  for (const { field } of relations) {
    out[field] =
      field === 'vms'
        ? (s, a: ListArgs, c) =>
            vmWindow(c.store, a, c.store.vmsOf((s as LabelRecord).id)).items
        : (s, a: ListArgs, c) =>
            objectWindow(
              c.store,
              field,
              c.store.refs.of(field, (s as LabelRecord).id),
              a,
            );
  }
  return out;
}
