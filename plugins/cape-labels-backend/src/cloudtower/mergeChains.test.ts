import { mergeChains } from './mergeChains';

/** A chain that yields its items one per `next()`, each after the test releases it. */
function gatedChain(name: string, items: number, log: string[]) {
  return async function* chain() {
    try {
      for (let i = 0; i < items; i++) {
        log.push(`${name}:request`);
        await new Promise(resolve => setImmediate(resolve));
        yield `${name}${i}`;
      }
    } finally {
      log.push(`${name}:closed`);
    }
  };
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

describe('mergeChains', () => {
  it('yields every item of every chain once, each chain in its own order', async () => {
    const log: string[] = [];
    const items = await collect(
      mergeChains(
        [
          gatedChain('a', 3, log),
          gatedChain('b', 1, log),
          gatedChain('c', 2, log),
        ],
        3,
      ),
    );
    expect([...items].sort()).toEqual(['a0', 'a1', 'a2', 'b0', 'c0', 'c1']);
    for (const name of ['a', 'b', 'c']) {
      const own = items.filter(i => i.startsWith(name));
      expect(own).toEqual([...own].sort());
    }
  });

  it('runs at most maxConcurrent chains at once and starts the next when one ends', async () => {
    let active = 0;
    let maxActive = 0;
    const chain = (name: string) =>
      async function* counted() {
        active++;
        maxActive = Math.max(maxActive, active);
        try {
          for (let i = 0; i < 3; i++) {
            await new Promise(resolve => setImmediate(resolve));
            yield `${name}${i}`;
          }
        } finally {
          active--;
        }
      };
    const items = await collect(
      mergeChains(['a', 'b', 'c', 'd', 'e'].map(chain), 2),
    );
    expect(items).toHaveLength(15);
    expect(maxActive).toBe(2);
  });

  it('lets the other chains finish when one fails, then throws the failure', async () => {
    const log: string[] = [];
    async function* failing() {
      yield 'f0';
      throw new Error('chain f broke');
    }
    const items: string[] = [];
    await expect(
      (async () => {
        for await (const item of mergeChains(
          [failing, gatedChain('a', 3, log)],
          2,
        ))
          items.push(item);
      })(),
    ).rejects.toThrow('chain f broke');
    expect([...items].sort()).toEqual(['a0', 'a1', 'a2', 'f0']);
  });

  it('closes the running chains when the consumer stops early', async () => {
    const log: string[] = [];
    for await (const item of mergeChains(
      [gatedChain('a', 5, log), gatedChain('b', 5, log)],
      2,
    )) {
      expect(item).toBeDefined();
      break;
    }
    expect(log).toContain('a:closed');
    expect(log).toContain('b:closed');
  });

  it('refuses a bound that is not a positive integer', async () => {
    await expect(collect(mergeChains([], 0))).rejects.toThrow(TypeError);
  });
});
