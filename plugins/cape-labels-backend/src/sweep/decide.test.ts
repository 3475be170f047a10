import {
  emptyRunCounts,
  type LabelOutcome,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerLabel } from '../cloudtower/types';
import { sweptKeys } from '../config/types';
import {
  applyCap,
  classifyListed,
  classifyLive,
  countOutcomes,
  isConfirmed,
  outcome,
  type KeptTally,
  type SweepPolicy,
} from './decide';

const cutoff = Date.parse('2026-11-29T00:00:00.000Z');
const policy: SweepPolicy = {
  keys: new Set(sweptKeys('cape')),
  cutoffMs: cutoff,
};

function label(over: Partial<TowerLabel> = {}): TowerLabel {
  return {
    id: 'l1',
    key: 'cape-cluster-name',
    value: 'c1',
    createdAt: '2026-11-28T00:00:00.000Z',
    totalNum: 0,
    ...over,
  };
}

describe('sweptKeys', () => {
  it('names exactly the three swept keys of the prefix', () => {
    expect(sweptKeys('sks')).toEqual([
      'sks-cluster-name',
      'sks-vip',
      'sks-namespace',
    ]);
  });
});

describe('classifyListed (rules 1-3)', () => {
  it.each([
    ['cape-managed', 'never the managed key'],
    ['system.cloudtower/x', 'never a system key'],
    ['sks-cluster-name', 'never another prefix'],
    ['cape-cluster-name-x', 'never a longer key'],
    ['owner', 'never a foreign key'],
  ])('ignores key %s (%s)', key => {
    expect(classifyListed(label({ key }), policy)).toBeUndefined();
  });

  it.each(sweptKeys('cape'))('takes an old unused %s as a candidate', key => {
    expect(classifyListed(label({ key }), policy)).toEqual({ candidate: true });
  });

  it('keeps a label created after the cutoff as young, and one exactly at it as old', () => {
    expect(
      classifyListed(label({ createdAt: '2026-11-29T00:00:00.001Z' }), policy),
    ).toEqual({ candidate: false, reason: 'young' });
    expect(
      classifyListed(label({ createdAt: '2026-11-29T00:00:00.000Z' }), policy),
    ).toEqual({ candidate: true });
  });

  it('keeps a label whose creation time cannot be read', () => {
    expect(classifyListed(label({ createdAt: 'yesterday' }), policy)).toEqual({
      candidate: false,
      reason: 'young',
    });
  });

  it.each([[1], [null], [-1]])(
    'keeps total_num %p as count-nonzero',
    totalNum => {
      expect(classifyListed(label({ totalNum }), policy)).toEqual({
        candidate: false,
        reason: 'count-nonzero',
      });
    },
  );
});

describe('isConfirmed (rule 6)', () => {
  const confirming = { ...policy, confirmCutoffMs: cutoff };
  it('confirms everything when confirmation is off', () => {
    expect(isConfirmed(undefined, policy)).toBe(true);
  });
  it('needs a sighting at or before the confirmation cutoff', () => {
    expect(isConfirmed(undefined, confirming)).toBe(false);
    expect(isConfirmed(new Date(cutoff + 1), confirming)).toBe(false);
    expect(isConfirmed(new Date(cutoff), confirming)).toBe(true);
  });
});

describe('classifyLive (rule 4)', () => {
  it('keeps a label that any relation holds, whatever its counter says, naming the first', () => {
    expect(
      classifyLive({
        id: 'l1',
        totalNum: 0,
        referenced: true,
        referencedBy: ['vms'],
      }),
    ).toEqual({ candidate: false, reason: 'referenced', relation: 'vms' });
    expect(
      classifyLive({
        id: 'l1',
        totalNum: 0,
        referenced: true,
        referencedBy: ['vm_snapshots', 'hosts'],
      }),
    ).toEqual({
      candidate: false,
      reason: 'referenced',
      relation: 'vm_snapshots',
    });
  });
  it('keeps a referenced label even when Tower did not say which relation holds it', () => {
    expect(
      classifyLive({
        id: 'l1',
        totalNum: 0,
        referenced: true,
        referencedBy: [],
      }),
    ).toEqual({ candidate: false, reason: 'referenced' });
  });
  it('keeps a label another resource counts', () => {
    expect(
      classifyLive({
        id: 'l1',
        totalNum: 2,
        referenced: false,
        referencedBy: [],
      }),
    ).toEqual({
      candidate: false,
      reason: 'count-nonzero',
    });
    expect(
      classifyLive({
        id: 'l1',
        totalNum: null,
        referenced: false,
        referencedBy: [],
      }),
    ).toEqual({
      candidate: false,
      reason: 'count-nonzero',
    });
  });
  it('calls a label that vanished raced', () => {
    expect(classifyLive(undefined)).toEqual({
      candidate: false,
      reason: 'raced',
    });
  });
  it('passes an unheld label', () => {
    expect(
      classifyLive({
        id: 'l1',
        totalNum: 0,
        referenced: false,
        referencedBy: [],
      }),
    ).toEqual({
      candidate: true,
    });
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

describe('countOutcomes', () => {
  it('counts actions and kept reasons', () => {
    const counts = emptyRunCounts();
    const kept: KeptTally = new Map();
    const outcomes: LabelOutcome[] = [
      outcome(label({ id: 'a' }), 'deleted'),
      outcome(label({ id: 'b' }), 'kept', 'young'),
      outcome(label({ id: 'c' }), 'kept', 'young'),
      outcome(label({ id: 'd' }), 'kept', 'raced'),
      outcome(label({ id: 'e' }), 'failed', 'error'),
      outcome(label({ id: 'f' }), 'would-delete'),
    ];
    countOutcomes(counts, kept, outcomes);
    expect(counts).toEqual({
      scanned: 0,
      candidates: 0,
      deleted: 1,
      wouldDelete: 1,
      kept: 3,
      failed: 1,
    });
    expect(Object.fromEntries(kept)).toEqual({ young: 2, raced: 1 });
  });
});
