/**
 * A sorted array of ids with lazy deletion: an entry is live while `isLive(id)`
 * says so; dead entries are skipped while scanning and compacted away in bulk.
 */
export class SortedIds {
  private ids: string[] = [];
  private deadHint = 0;

  constructor(private readonly isLive: (id: string) => boolean) {}

  /** First index whose id is > bound (or >= bound when inclusive). */
  private lowerIndex(bound: string, inclusive: boolean): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const v = this.ids[mid];
      if (v < bound || (!inclusive && v === bound)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(id: string): void {
    const n = this.ids.length;
    if (n === 0 || this.ids[n - 1] < id) {
      this.ids.push(id);
      return;
    }
    const i = this.lowerIndex(id, true);
    if (this.ids[i] === id) {
      this.deadHint = Math.max(0, this.deadHint - 1); // revived
      return;
    }
    this.ids.splice(i, 0, id);
  }

  /** Call after the id stopped being live. */
  markDead(): void {
    this.deadHint += 1;
    if (this.deadHint > 2048 && this.deadHint * 3 > this.ids.length) {
      this.compact();
    }
  }

  compact(): void {
    this.ids = this.ids.filter(this.isLive);
    this.deadHint = 0;
  }

  /** Live ids > lower (exclusive) and < upper (exclusive), ascending. */
  *ascending(lower?: string, upper?: string): Generator<string> {
    const ids = this.ids;
    for (
      let i = lower === undefined ? 0 : this.lowerIndex(lower, false);
      i < ids.length;
      i++
    ) {
      const id = ids[i];
      if (upper !== undefined && id >= upper) return;
      if (this.isLive(id)) yield id;
    }
  }

  /** Live ids < upper (exclusive) and > lower (exclusive), descending. */
  *descending(lower?: string, upper?: string): Generator<string> {
    const ids = this.ids;
    const start =
      upper === undefined ? ids.length : this.lowerIndex(upper, true);
    for (let i = start - 1; i >= 0; i--) {
      const id = ids[i];
      if (lower !== undefined && id <= lower) return;
      if (this.isLive(id)) yield id;
    }
  }
}

/** Merges ascending (or descending) id streams into one ordered, duplicate-free stream. */
export function* mergeOrdered(
  streams: Iterator<string>[],
  descending: boolean,
): Generator<string> {
  const heads: (string | undefined)[] = streams.map(
    s => s.next().value as string | undefined,
  );
  let last: string | undefined;
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i];
      if (h === undefined) continue;
      if (best < 0) best = i;
      else {
        const b = heads[best] as string;
        if (descending ? h > b : h < b) best = i;
      }
    }
    if (best < 0) return;
    const id = heads[best] as string;
    heads[best] = streams[best].next().value as string | undefined;
    if (id !== last) yield id;
    last = id;
  }
}
