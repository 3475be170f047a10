import { prefetched } from './prefetch';

async function* numbers(log: string[], failAt?: number) {
  for (let i = 1; i <= 3; i++) {
    log.push(`fetch ${i}`);
    if (i === failAt) throw new Error(`page ${i} failed`);
    yield i;
  }
}

describe('prefetched', () => {
  it('asks for the next item before the current one is consumed', async () => {
    const log: string[] = [];
    for await (const n of prefetched(numbers(log))) {
      await new Promise(r => setTimeout(r, 1));
      log.push(`use ${n}`);
    }
    expect(log).toEqual([
      'fetch 1',
      'fetch 2',
      'use 1',
      'fetch 3',
      'use 2',
      'use 3',
    ]);
  });

  it('passes a failure on when the consumer reaches it', async () => {
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const n of prefetched(numbers([], 2))) seen.push(n);
      })(),
    ).rejects.toThrow('page 2 failed');
    expect(seen).toEqual([1]);
  });

  it('stops quietly when the consumer leaves early, even if the prefetched item fails', async () => {
    const seen: number[] = [];
    for await (const n of prefetched(numbers([], 2))) {
      seen.push(n);
      break;
    }
    expect(seen).toEqual([1]);
  });
});
