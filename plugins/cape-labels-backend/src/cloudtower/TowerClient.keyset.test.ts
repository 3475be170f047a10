import { TowerResponseError } from './errors';
import type { Vars } from './types';
import type { ParsedLabelRows } from './operations';
import {
  acceptPage,
  keysetChain,
  KeysetState,
  mergeChains,
  type TowerLabel,
} from './TowerClient';

const row = (id: string, key = 'k'): TowerLabel => ({
  id,
  key,
  value: null,
  createdAt: '2020-01-01T00:00:00.000Z',
  totalNum: 0,
});

/** Answers each request with the next of `pages` and records the conditions sent. */
function scripted(pages: TowerLabel[][]) {
  const sent: Vars[][] = [];
  const fetchPage = async (conditions: Vars[]): Promise<ParsedLabelRows> => {
    sent.push(conditions);
    const labels = pages[sent.length - 1] ?? [];
    return { labels, malformed: 0, received: labels.length };
  };
  return { fetchPage, sent };
}

async function collect(source: AsyncIterable<TowerLabel[]>) {
  const pages: string[][] = [];
  let error: unknown;
  try {
    for await (const page of source) pages.push(page.map(l => l.id));
  } catch (e) {
    error = e;
  }
  return { pages, error };
}

describe('keysetChain', () => {
  it('asks for one key and ids above the last page, and stops at a short page', async () => {
    const { fetchPage, sent } = scripted([
      [row('a1'), row('a2')],
      [row('a3'), row('a4')],
      [row('a5')],
    ]);
    const result = await collect(
      keysetChain(fetchPage, { towerId: 't', key: 'k', pageSize: 2 }),
    );
    expect(result).toEqual({
      pages: [['a1', 'a2'], ['a3', 'a4'], ['a5']],
      error: undefined,
    });
    expect(sent).toEqual([
      [{ key_in: ['k'] }],
      [{ key_in: ['k'] }, { id_gt: 'a2' }],
      [{ key_in: ['k'] }, { id_gt: 'a4' }],
    ]);
  });

  it('stops with an error at a full page that does not advance', async () => {
    const { fetchPage, sent } = scripted([
      [row('a1'), row('a2')],
      [row('a1'), row('a2')],
      [row('a3')],
    ]);
    const result = await collect(
      keysetChain(fetchPage, { towerId: 't', key: 'k', pageSize: 2 }),
    );
    expect(result.pages).toEqual([['a1', 'a2']]);
    expect(result.error).toBeInstanceOf(TowerResponseError);
    expect((result.error as TowerResponseError).code).toBe('UNEXPECTED_SHAPE');
    expect(sent).toHaveLength(2);
  });

  it('drops rows of another key, so chains of different keys never list a label twice', async () => {
    const anomalies: string[] = [];
    const { fetchPage } = scripted([[row('a1'), row('a2', 'other')]]);
    const result = await collect(
      keysetChain(fetchPage, {
        towerId: 't',
        key: 'k',
        pageSize: 5,
        onAnomaly: text => anomalies.push(text),
      }),
    );
    expect(result.pages).toEqual([['a1']]);
    expect(anomalies).toEqual([expect.stringContaining('1 of another key')]);
  });

  it('stops with an error when a full page holds only rows of another key', async () => {
    const { fetchPage } = scripted([[row('x1', 'other'), row('x2', 'other')]]);
    const result = await collect(
      keysetChain(fetchPage, { towerId: 't', key: 'k', pageSize: 2 }),
    );
    expect(result.error).toBeInstanceOf(TowerResponseError);
  });
});

describe('acceptPage', () => {
  it('keeps new rows, drops repeats and rows at or below the cursor, advances to the max id', () => {
    const state: KeysetState = { seen: new Set() };
    let page = acceptPage(state, [row('b'), row('a'), row('c'), row('b')]);
    expect(page.labels.map(l => l.id)).toEqual(['b', 'a', 'c']);
    expect(page.dropped).toBe(1);
    expect(state.cursor).toBe('c');
    page = acceptPage(state, [row('a'), row('c'), row('d')]);
    expect(page.labels.map(l => l.id)).toEqual(['d']);
    expect(page.dropped).toBe(2);
    expect(page.advanced).toBe(true);
    page = acceptPage(state, [row('d')]);
    expect(page).toEqual({ labels: [], dropped: 1, advanced: false });
  });
});

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

async function collectItems<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

describe('mergeChains', () => {
  it('yields every item of every chain once, each chain in its own order', async () => {
    const log: string[] = [];
    const items = await collectItems(
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
    const items = await collectItems(
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
    await expect(collectItems(mergeChains([], 0))).rejects.toThrow(TypeError);
  });
});
