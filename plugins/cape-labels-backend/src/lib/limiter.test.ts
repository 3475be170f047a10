import { Limiter } from './limiter';

/** Whether `promise` has settled once pending callbacks have run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise(resolve => setImmediate(resolve));
  return settled;
}

describe('Limiter', () => {
  it('never lets more than max hold a slot and serves waiters in order', async () => {
    const limiter = new Limiter(2);
    let holding = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const release = await limiter.acquire();
        holding += 1;
        peak = Math.max(peak, holding);
        order.push(i);
        await new Promise(r => setTimeout(r, 5));
        holding -= 1;
        release();
      }),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const first = limiter.acquire();
    const second = limiter.acquire();
    expect(await isSettled(first)).toBe(true);
    expect(await isSettled(second)).toBe(true);
  });

  it('drops an aborted waiter from the queue and releases once', async () => {
    const limiter = new Limiter(1);
    const release = await limiter.acquire();
    const ctrl = new AbortController();
    const waiting = limiter.acquire(ctrl.signal);
    ctrl.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    release();
    release(); // idempotent: the second call frees nothing
    const next = limiter.acquire();
    expect(await isSettled(next)).toBe(true);
    expect(await isSettled(limiter.acquire())).toBe(false);
  });
});
