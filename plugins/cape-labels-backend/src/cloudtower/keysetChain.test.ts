import { TowerResponseError } from './errors';
import { keysetChain } from './keysetChain';
import type { Vars } from './connection';
import type { ParsedLabelRows } from './operations';
import type { TowerLabel } from './types';

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
