import type { RunStore } from '../database/RunStore';
import { stubSweepRun } from './__testUtils__/sweepRun';
import { actions, towerLabel } from './__testUtils__/towerLabel';
import {
  applyCap,
  capBeforeCheck,
  isConfirmed,
  type SweepPolicy,
} from './decide';

const CUTOFF = Date.parse('2026-11-29T00:00:00.000Z');
const policy: SweepPolicy = {
  keys: new Set(['cape-cluster-name']),
  cutoffMs: CUTOFF,
};
const confirming: SweepPolicy = { ...policy, confirmCutoffMs: CUTOFF };

describe('isConfirmed (rule 6)', () => {
  it('confirms everything when confirmation is off', () => {
    expect(isConfirmed(undefined, policy)).toBe(true);
  });
  it('needs a sighting at or before the confirmation CUTOFF', () => {
    expect(isConfirmed(undefined, confirming)).toBe(false);
    expect(isConfirmed(new Date(CUTOFF + 1), confirming)).toBe(false);
    expect(isConfirmed(new Date(CUTOFF), confirming)).toBe(true);
  });
});

describe('unconfirmedOf (rule 6 on a page)', () => {
  function sightingStore(firstSeen: Record<string, Date>) {
    const added: string[][] = [];
    const store: Pick<RunStore, 'getSightings' | 'addSightings'> = {
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
    const unconfirmed = await stubSweepRun({
      store,
      startedAt: runStart,
    }).unconfirmedOf(candidates, confirming);
    expect([...unconfirmed]).toEqual(['recent', 'new']);
    expect(added).toEqual([['old', 'recent', 'new']]);
  });

  it('neither reads nor writes sightings without confirmation', async () => {
    const { store, added } = sightingStore({});
    store.getSightings = async () => {
      throw new Error('read without confirmation');
    };
    const unconfirmed = await stubSweepRun({
      store,
      startedAt: runStart,
    }).unconfirmedOf([towerLabel('a')], policy);
    expect(unconfirmed.size).toBe(0);
    expect(added).toEqual([]);
  });
});

describe('applyCap (rule 7)', () => {
  it('takes what fits and leaves the rest', () => {
    expect(applyCap([1, 2, 3], 2)).toEqual({ take: [1, 2], over: [3] });
    expect(applyCap([1, 2], 0)).toEqual({ take: [], over: [1, 2] });
    expect(applyCap([1], -5)).toEqual({ take: [], over: [1] });
    expect(applyCap([1], 10)).toEqual({ take: [1], over: [] });
  });
});

describe('capBeforeCheck (rule 7 before the live check)', () => {
  const candidates = [towerLabel('a'), towerLabel('b')];

  it('keeps candidates `cap` unchecked once the cap is used up', () => {
    const capped = capBeforeCheck(2, candidates, {
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
    const capped = capBeforeCheck(reserved, candidates, {
      maxDeletes: 2,
      confirming: confirm,
    });
    expect(capped).toEqual({ take: candidates, kept: [] });
  });
});
