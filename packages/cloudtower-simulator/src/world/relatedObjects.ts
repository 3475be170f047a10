import { SimulatorError } from '../errors';
import type { LabelRelation } from './labelRelations';
import type { RelatedObjectRecord } from './types';

/** The objects of every relation but `vms` (VMs have their own records), by relation field. */
export class RelatedObjects {
  private readonly byField = new Map<
    string,
    Map<string, RelatedObjectRecord>
  >();
  private readonly typeOf = new Map<string, string>();
  private seq = 0;

  constructor(relations: readonly LabelRelation[]) {
    for (const r of relations) {
      if (r.field === 'vms') continue;
      this.byField.set(r.field, new Map());
      this.typeOf.set(r.field, r.type);
    }
  }

  /** The objects of one relation (empty for `vms` and for relations this Tower lacks). */
  of(field: string): ReadonlyMap<string, RelatedObjectRecord> {
    return this.byField.get(field) ?? new Map();
  }

  get(field: string, id: string): RelatedObjectRecord | undefined {
    return this.byField.get(field)?.get(id);
  }

  require(field: string, id: string): RelatedObjectRecord {
    const o = this.get(field, id);
    if (!o)
      throw new SimulatorError(
        `${this.typeOf.get(field) ?? field} ${id} not found`,
        'RESOURCE_NOT_FOUND',
      );
    return o;
  }

  add(field: string, id: string, name?: string): RelatedObjectRecord {
    const map = this.byField.get(field)!;
    if (map.has(id))
      throw new SimulatorError(`${field} ${id} exists`, 'DUPLICATE_ID');
    this.seq += 1;
    const obj = { id, name: name ?? `${this.typeOf.get(field)}-${this.seq}` };
    map.set(id, obj);
    return obj;
  }

  delete(field: string, id: string): boolean {
    return this.byField.get(field)?.delete(id) ?? false;
  }
}
