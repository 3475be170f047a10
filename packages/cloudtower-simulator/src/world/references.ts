import { SimulatorError } from '../errors';
import type { LabelRelation } from './labelRelations';
import { Relation } from './relation';

const EMPTY: ReadonlySet<string> = new Set();

/**
 * The live label ↔ object associations of every relation of one Tower (label on the left,
 * the related object on the right), and which relations this Tower has.
 */
export class References {
  private readonly links = new Map<string, Relation>();
  private readonly byField = new Map<string, LabelRelation>();
  /** The links and counters in relation order, for the recomputation of every label. */
  private readonly ordered: { link: Relation; counter: string }[] = [];

  constructor(readonly relations: readonly LabelRelation[]) {
    for (const r of relations) {
      const link = new Relation();
      this.byField.set(r.field, r);
      this.links.set(r.field, link);
      this.ordered.push({ link, counter: r.counter });
    }
  }

  relation(field: string): LabelRelation | undefined {
    return this.byField.get(field);
  }

  /** The relation, or INVALID_INPUT naming the relations this Tower has. */
  requireRelation(field: string): LabelRelation {
    const r = this.byField.get(field);
    if (!r)
      throw new SimulatorError(
        `unknown relation '${field}' (this Tower has: ${[...this.byField.keys()].join(', ')})`,
        'INVALID_INPUT',
      );
    return r;
  }

  /** Ids of the objects of `field` that hold the label. */
  of(field: string, labelId: string): ReadonlySet<string> {
    return this.links.get(field)?.rightsOf(labelId) ?? EMPTY;
  }

  /** Ids of the labels an object of `field` holds. */
  labelsOf(field: string, objectId: string): ReadonlySet<string> {
    return this.links.get(field)?.leftsOf(objectId) ?? EMPTY;
  }

  /** Returns false when the pair was already there. */
  add(field: string, labelId: string, objectId: string): boolean {
    this.requireRelation(field);
    return this.links.get(field)!.add(labelId, objectId);
  }

  /** Returns false when the pair was not there. */
  remove(field: string, labelId: string, objectId: string): boolean {
    return this.links.get(field)?.remove(labelId, objectId) ?? false;
  }

  /** Object ids per relation field that hold the label (only non-empty relations). */
  referencesOf(labelId: string): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [field, link] of this.links) {
      const ids = link.rightsOf(labelId);
      if (ids.size > 0) out[field] = [...ids];
    }
    return out;
  }

  /** Removes every association of the label; returns what it had (only non-empty relations). */
  removeLabel(labelId: string): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [field, link] of this.links) {
      const ids = link.removeLeft(labelId);
      if (ids.length > 0) out[field] = ids;
    }
    return out;
  }

  /** The counters a recomputation stores: each relation's count, total_num their sum (non-zero only). */
  liveCounts(labelId: string): Record<string, number> {
    const out: Record<string, number> = {};
    let total = 0;
    for (const { link, counter } of this.ordered) {
      const n = link.rightsOf(labelId).size;
      if (n > 0) {
        out[counter] = n;
        total += n;
      }
    }
    if (total > 0) out.total_num = total;
    return out;
  }
}
