import { withRetry } from './retry';

describe('withRetry', () => {
  it('retries until the work succeeds', async () => {
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls++;
        if (calls < 3) throw new Error('database away');
        return 'ok';
      },
      5,
      1,
    );
    expect(result).toBe('ok');
    expect(calls).toBe(3);
  });

  it('gives up after the last attempt with the last error', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error(`failure ${calls}`);
        },
        3,
        1,
      ),
    ).rejects.toThrow('failure 3');
    expect(calls).toBe(3);
  });
});
