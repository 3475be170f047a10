import type { TowerLabel } from '../../cloudtower/types';
import { sweptKeys } from '../../config/types';
import { actions, towerLabel } from '../__testUtils__/towerLabel';
import type { SweepPolicy } from '../decide';
import { capBeforeCheck } from './cap';
import { classifyPage } from './classify';
import { unconfirmedOf, type ConfirmStore } from './confirm';
import { listPages } from './list';
import { newRunState } from './runState';

const CUTOFF = Date.parse('2026-11-29T00:00:00.000Z');
const policy: SweepPolicy = {
  keys: new Set(sweptKeys('cape')),
  cutoffMs: CUTOFF,
};
const confirming: SweepPolicy = { ...policy, confirmCutoffMs: CUTOFF };

describe('stage 1, list', () => {
  it('asks for the policy keys and hands the pages out in order', async () => {
    const asked: unknown[] = [];
    const pages = [[towerLabel('a')], [towerLabel('b')]];
    const client = {
      async *listLabelPages(filter: unknown, options: unknown) {
        asked.push(filter, options);
        yield* pages;
      },
    };
    const signal = new AbortController().signal;
    const seen: TowerLabel[][] = [];
    for await (const page of listPages(client, policy, { pageSize: 2, signal }))
      seen.push(page);
    expect(seen).toEqual(pages);
    expect(asked).toEqual([
      { keys: sweptKeys('cape') },
      { pageSize: 2, signal },
    ]);
  });
});

describe('stage 2, classify', () => {
  it('counts swept keys only, keeps young and counted labels, passes the rest on', () => {
    const page = classifyPage(
      [
        towerLabel('a'),
        towerLabel('foreign', { key: 'cape-managed' }),
        towerLabel('young', { createdAt: '2026-11-30T00:00:00.000Z' }),
        towerLabel('counted', { totalNum: 2 }),
      ],
      policy,
    );
    expect(page.scanned).toBe(3);
    expect(page.candidates.map(l => l.id)).toEqual(['a']);
    expect(actions(page.kept)).toEqual([
      'young:kept/young',
      'counted:kept/count-nonzero',
    ]);
  });
});

describe('stage 3, confirm', () => {
  function sightingStore(firstSeen: Record<string, Date>) {
    const added: string[][] = [];
    const store: ConfirmStore = {
      getSightings: async (_towerId, ids) =>
        new Map(ids.filter(id => firstSeen[id]).map(id => [id, firstSeen[id]])),
      addSightings: async (_towerId, ids) => {
        added.push(ids);
      },
    };
    return { store, added };
  }
  const runStart = new Date(CUTOFF);

  it('marks candidates first seen after the confirmation cutoff, then records the sighting', async () => {
    const { store, added } = sightingStore({
      old: new Date(CUTOFF - 1),
      recent: new Date(CUTOFF + 1),
    });
    const candidates = ['old', 'recent', 'new'].map(id => towerLabel(id));
    const unconfirmed = await unconfirmedOf(candidates, confirming, {
      store,
      towerId: 't1',
      runStart,
    });
    expect([...unconfirmed]).toEqual(['recent', 'new']);
    expect(added).toEqual([['old', 'recent', 'new']]);
  });

  it('neither reads nor writes sightings without confirmation', async () => {
    const { store, added } = sightingStore({});
    store.getSightings = async () => {
      throw new Error('read without confirmation');
    };
    const unconfirmed = await unconfirmedOf([towerLabel('a')], policy, {
      store,
      towerId: 't1',
      runStart,
    });
    expect(unconfirmed.size).toBe(0);
    expect(added).toEqual([]);
  });
});

describe('stage 5, the early cap', () => {
  const candidates = [towerLabel('a'), towerLabel('b')];

  it('keeps candidates `cap` unchecked once the cap is used up', () => {
    const state = { ...newRunState(), reserved: 2 };
    const capped = capBeforeCheck(state, candidates, {
      maxDeletes: 2,
      confirming: false,
    });
    expect(capped.take).toEqual([]);
    expect(actions(capped.kept)).toEqual(['a:kept/cap', 'b:kept/cap']);
  });

  it.each([
    ['room is left', 1, false],
    ['confirmation needs the live check', 2, true],
  ])('passes every candidate on when %s', (_why, reserved, confirm) => {
    const state = { ...newRunState(), reserved };
    const capped = capBeforeCheck(state, candidates, {
      maxDeletes: 2,
      confirming: confirm,
    });
    expect(capped).toEqual({ take: candidates, kept: [] });
  });
});
