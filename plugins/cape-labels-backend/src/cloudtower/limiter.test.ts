import { Limiter } from './limiter';

describe('Limiter', () => {
  it('never lets more than max run and serves waiters in order', async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        limiter.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          order.push(i);
          await new Promise(r => setTimeout(r, 5));
          running -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(limiter.inFlight).toBe(0);
  });

  it('drops an aborted waiter from the queue', async () => {
    const limiter = new Limiter(1);
    const release = await limiter.acquire();
    const ctrl = new AbortController();
    const waiting = limiter.acquire(ctrl.signal);
    ctrl.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    expect(limiter.queued).toBe(0);
    release();
    release(); // idempotent
    expect(limiter.inFlight).toBe(0);
  });
});
