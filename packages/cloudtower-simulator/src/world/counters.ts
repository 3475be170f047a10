import { CounterLag } from './types';

/**
 * Applies counter recomputations after the configured lag:
 * 0 → synchronously, N → after N ms (timer), 'never' → only when flushed.
 */
export class CounterScheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly pending = new Set<string>();

  constructor(
    private lag: CounterLag,
    private readonly recompute: (labelId: string) => void,
  ) {}

  get counterLag(): CounterLag {
    return this.lag;
  }

  setLag(lag: CounterLag): void {
    this.lag = lag;
  }

  private suspended = false;

  /** Runs `fn` (a bulk load) without scheduling any recomputation. */
  suspend<T>(fn: () => T): T {
    const was = this.suspended;
    this.suspended = true;
    try {
      return fn();
    } finally {
      this.suspended = was;
    }
  }

  /** An association of this label changed. */
  changed(labelId: string): void {
    if (this.suspended) return;
    const lag = this.lag;
    if (lag === 'never') {
      this.pending.add(labelId);
    } else if (lag <= 0) {
      this.pending.delete(labelId);
      this.recompute(labelId);
    } else {
      this.pending.add(labelId);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.pending.delete(labelId);
        this.recompute(labelId);
      }, lag);
      this.timers.add(timer);
    }
  }

  /** Label ids whose counters are waiting for a recomputation. */
  pendingIds(): string[] {
    return [...this.pending];
  }

  /** Forgets pending recomputations (of the given labels, or all). */
  clearPending(ids?: Iterable<string>): void {
    if (!ids) this.pending.clear();
    else for (const id of ids) this.pending.delete(id);
  }

  dispose(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.pending.clear();
  }
}
