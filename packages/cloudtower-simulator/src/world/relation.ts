const EMPTY: ReadonlySet<string> = new Set();

function addTo(map: Map<string, Set<string>>, k: string, v: string): void {
  let set = map.get(k);
  if (!set) map.set(k, (set = new Set()));
  set.add(v);
}

function removeFrom(map: Map<string, Set<string>>, k: string, v: string): void {
  const set = map.get(k);
  if (set?.delete(v) && set.size === 0) map.delete(k);
}

/** A many-to-many association kept as Sets in both directions (label ↔ VM, label ↔ policy). */
export class Relation {
  private readonly byLeft = new Map<string, Set<string>>();
  private readonly byRight = new Map<string, Set<string>>();

  has(left: string, right: string): boolean {
    return this.byLeft.get(left)?.has(right) ?? false;
  }

  /** Returns false when the pair was already there. */
  add(left: string, right: string): boolean {
    if (this.has(left, right)) return false;
    addTo(this.byLeft, left, right);
    addTo(this.byRight, right, left);
    return true;
  }

  /** Returns false when the pair was not there. */
  remove(left: string, right: string): boolean {
    if (!this.has(left, right)) return false;
    removeFrom(this.byLeft, left, right);
    removeFrom(this.byRight, right, left);
    return true;
  }

  rightsOf(left: string): ReadonlySet<string> {
    return this.byLeft.get(left) ?? EMPTY;
  }

  leftsOf(right: string): ReadonlySet<string> {
    return this.byRight.get(right) ?? EMPTY;
  }

  /** Removes every pair of this left item; returns its former rights. */
  removeLeft(left: string): string[] {
    const rights = [...this.rightsOf(left)];
    for (const r of rights) removeFrom(this.byRight, r, left);
    this.byLeft.delete(left);
    return rights;
  }
}
