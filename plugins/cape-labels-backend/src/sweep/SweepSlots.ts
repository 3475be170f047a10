/**
 * The sweeps this replica may run at once (`capeLabels.maxConcurrentSweeps`). Never waited for:
 * a task that finds no slot gives its lease back at once, so no wait is counted against its
 * timeout or shown as a run, and another replica takes the Tower up.
 */
export class SweepSlots {
  private inUse = 0;

  constructor(readonly size: number) {}

  /** A slot's release, or undefined when all are taken. */
  tryTake(): (() => void) | undefined {
    if (this.inUse >= this.size) return undefined;
    this.inUse++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse--;
    };
  }

  /** Slots taken now. */
  taken(): number {
    return this.inUse;
  }
}
