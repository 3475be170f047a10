/** A FIFO counting semaphore whose waiters leave the queue when their signal fires. */
export class Limiter {
  private active = 0;
  private readonly waiters: Array<{ grant: () => void; abort: () => void }> =
    [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1)
      throw new TypeError(`Limiter max must be a positive integer, got ${max}`);
  }

  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.active < this.max) {
      this.active += 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal?.removeEventListener('abort', waiter.abort);
          resolve(this.releaser());
        },
        abort: () => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', waiter.abort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      // The slot passes straight to the next waiter: `active` is unchanged.
      if (next) next.grant();
      else this.active -= 1;
    };
  }
}
