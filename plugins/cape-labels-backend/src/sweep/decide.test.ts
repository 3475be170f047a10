import type { TowerLabel } from '../cloudtower/TowerClient';
import { sweptKeys } from '../config/types';
import { actions, towerLabel } from './__testUtils__/towerLabel';
import { classifyLive, classifyPage, type SweepPolicy } from './decide';

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

/** `classifyPage` on a page of the one label, its kept outcome cut to the reason and notes. */
function classified(over: Partial<TowerLabel>) {
  const { scanned, candidates, kept } = classifyPage([label(over)], policy);
  return {
    scanned,
    candidates,
    kept: kept.map(({ action, reason, relation, detail }) => ({
      action,
      reason,
      relation,
      detail,
    })),
  };
}

const ignored = { scanned: 0, candidates: [], kept: [] };
const candidate = (over: Partial<TowerLabel> = {}) => ({
  scanned: 1,
  candidates: [label(over)],
  kept: [],
});
const kept = (reason: string, detail?: unknown) => ({
  scanned: 1,
  candidates: [],
  kept: [{ action: 'kept', reason, detail }],
});

describe('sweptKeys', () => {
  it('names exactly the three swept keys of the prefix', () => {
    expect(sweptKeys('sks')).toEqual([
      'sks-cluster-name',
      'sks-vip',
      'sks-namespace',
    ]);
  });
});

describe('classifyPage: one label by rules 1-3', () => {
  it.each([
    ['cape-managed', 'never the managed key'],
    ['system.cloudtower/x', 'never a system key'],
    ['sks-cluster-name', 'never another prefix'],
    ['cape-cluster-name-x', 'never a longer key'],
    ['owner', 'never a foreign key'],
  ])('ignores key %s (%s)', key => {
    expect(classified({ key })).toEqual(ignored);
  });

  it.each(sweptKeys('cape'))('takes an old unused %s as a candidate', key => {
    expect(classified({ key })).toEqual(candidate({ key }));
  });

  it('keeps a label created after the cutoff as young, and one exactly at it as old', () => {
    expect(classified({ createdAt: '2026-11-29T00:00:00.001Z' })).toEqual(
      kept('young'),
    );
    const atCutoff = { createdAt: '2026-11-29T00:00:00.000Z' };
    expect(classified(atCutoff)).toEqual(candidate(atCutoff));
  });

  it.each([
    ['a word', { createdAt: 'yesterday' }],
    [
      '70 characters',
      { createdAt: `2026-11-01T00:00:00.000Z${'0'.repeat(46)}` },
    ],
    ['an impossible date', { createdAt: '2026-02-30T00:00:00.000Z' }],
    ['hour 24', { createdAt: '2026-11-01T24:00:00.000Z' }],
    ['no zone', { createdAt: '2026-11-01T00:00:00.000' }],
    ['a year before Tower', { createdAt: '0001-01-01T00:00:00.000Z' }],
    ['a bidi override', { createdAt: '2026-11-01T00:00:00.000Z\u202e' }],
    ['NUL in the id', { id: 'ck1\u0000' }],
    ['a bidi override in the id', { id: 'ck\u202egnp' }],
    ['an id of 65 characters', { id: 'c'.repeat(65) }],
    ['an empty id', { id: '' }],
  ])('keeps a label with %s as malformed, saying why', (_, over) => {
    expect(classified(over)).toEqual(
      kept('malformed', expect.stringMatching(/^(id|createdAt) is not/)),
    );
  });

  it('takes the ids and times Tower writes as well-formed', () => {
    for (const over of [
      { id: 'cl9x2k7h500010ayl2g8f3q1z' },
      { id: '3f1c1c1e-8a5e-4c53-9c2a-0f9b7f2e4d11' },
      { createdAt: '2026-11-01T08:00:00+08:00' },
      { createdAt: '2026-11-01T00:00:00Z' },
    ])
      expect(classified(over)).toEqual(candidate(over));
  });

  it.each([[1], [null], [-1]])(
    'keeps total_num %p as count-nonzero',
    totalNum => {
      expect(classified({ totalNum })).toEqual(kept('count-nonzero'));
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
