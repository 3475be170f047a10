import { SortedIds } from './sortedIds';

/** One sorted id index per label key; an entry lives while its label still has that key. */
export class KeyIndex {
  private readonly byKey = new Map<string, SortedIds>();

  constructor(private readonly keyOf: (id: string) => string | undefined) {}

  get(key: string): SortedIds | undefined {
    return this.byKey.get(key);
  }

  add(key: string, id: string): void {
    let idx = this.byKey.get(key);
    if (!idx) {
      idx = new SortedIds(x => this.keyOf(x) === key);
      this.byKey.set(key, idx);
    }
    idx.add(id);
  }

  /** A label left this key (deleted or re-keyed): its entry is skipped, then compacted away. */
  markDead(key: string): void {
    this.byKey.get(key)?.markDead();
  }
}
