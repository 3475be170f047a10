import type { RunStore } from '../database/RunStore';
import { Duration } from 'luxon';
import { HOUR } from '../__testUtils__/time';
import { createHarness, stoppedAfterEach } from './__testUtils__/sweepHarness';
import { actions, towerLabel } from './__testUtils__/towerLabel';
import {
  applyCap,
  capBeforeCheck,
  isConfirmed,
  type SweepPolicy,
} from './decide';

jest.setTimeout(30_000);

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

describe('a run on rule 6: which candidates are unconfirmed, and the sightings it records', () => {
  const make = stoppedAfterEach(createHarness);

  it('marks candidates first seen after the confirmation cutoff, then records the sighting', async () => {
    const h = await make({
      tower: { confirmAfter: Duration.fromObject({ hours: 1 }) },
    });
    const [old, recent, fresh] = h.seedOrphans(3);
    await h.store.addSightings(
      h.tower.id,
      [old],
      new Date(Date.now() - 2 * HOUR),
    );
    await h.store.addSightings(
      h.tower.id,
      [recent],
      new Date(Date.now() - HOUR / 2),
    );
    const run = await h.sweep();
    expect(await h.outcomesByLabel(run.id)).toEqual({
      [old]: 'deleted',
      [recent]: 'kept/unconfirmed',
      [fresh]: 'kept/unconfirmed',
    });
    const seen = await h.store.getSightings(h.tower.id, [recent, fresh]);
    expect([...seen.keys()].sort()).toEqual([recent, fresh].sort());
  });

  it('neither reads nor writes sightings without confirmation', async () => {
    const h = await make();
    const added: string[][] = [];
    const store: RunStore = Object.assign(Object.create(h.store), {
      getSightings: async () => {
        throw new Error('read without confirmation');
      },
      addSightings: async (_towerId: string, ids: string[]) => {
        added.push(ids);
      },
    });
    h.configure({ sweeper: { store } });
    const [orphan] = h.seedOrphans(1);
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(await h.outcomesByLabel(run.id)).toEqual({ [orphan]: 'deleted' });
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
