/** Candidate batches in flight at once, at most `size`. */
export class BatchPool {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly size: number) {}

  /** Resolves once a batch may start. */
  async waitForRoom(): Promise<void> {
    while (this.inFlight.size >= this.size) await Promise.race(this.inFlight);
  }

  /** Starts a batch (`work` never throws). */
  launch(work: () => Promise<void>): void {
    const task = work().finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  /** Resolves once every batch started has ended. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }
}
