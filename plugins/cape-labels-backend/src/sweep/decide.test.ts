import type { TowerLabel } from '../cloudtower/types';
import { sweptKeys } from '../config/types';
import { actions, towerLabel } from './__testUtils__/towerLabel';
import {
  classifyListed,
  classifyLive,
  classifyPage,
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

describe('classifyPage (rules 1-3 on a page)', () => {
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
