/** Runs work items one at a time, in the order they were queued. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  /** Resolves once everything queued so far has finished. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
