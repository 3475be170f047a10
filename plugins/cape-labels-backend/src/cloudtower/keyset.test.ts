import { acceptPage, KeysetState } from './keyset';
import type { TowerLabel } from './types';

const row = (id: string): TowerLabel => ({
  id,
  key: 'k',
  value: null,
  createdAt: 'c',
  totalNum: 0,
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
