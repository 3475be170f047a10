import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import type { LabelHolder } from '../cloudtower/holders';
import type { LabelLiveState } from '../cloudtower/TowerClient';
import {
  createHarness,
  stoppedAfterEach,
  type Harness,
} from './__testUtils__/sweepHarness';
import { stubSweepRun } from './__testUtils__/sweepRun';
import { actions, towerLabel } from './__testUtils__/towerLabel';
import type { SweepPolicy } from './decide';
import { outcome } from './labelShape';
import { RunTally } from './RunTally';

jest.setTimeout(30_000);

const live = (id: string, over: Partial<LabelLiveState> = {}) => ({
  id,
  totalNum: 0,
  referenced: (over.referencedBy?.length ?? 0) > 0,
  referencedBy: [],
  ...over,
});
const holding = (byLabel: Map<string, LabelHolder> = new Map()) => ({
  readHeldLabels: async () => ({ readAtMs: 0, kinds: [], byLabel }),
});
const checking = (states: LabelLiveState[]) => ({
  checkLabels: async () => states,
});

describe('rule 4, the live check', () => {
  it('keeps labels gone, held or counted, and survivors not yet confirmed', async () => {
    const labels = ['gone', 'held', 'counted', 'new', 'orphan'].map(id =>
      towerLabel(id),
    );
    const run = stubSweepRun({
      client: checking([
        live('held', { referencedBy: ['vm_templates'] }),
        live('counted', { totalNum: null }),
        live('new'),
        live('orphan'),
      ]),
    });
    const checked = await run.liveCheck(labels, new Set(['new', 'held']));
    expect(checked.orphans.map(l => l.id)).toEqual(['orphan']);
    expect(checked.kept.find(o => o.labelId === 'held')?.relation).toBe(
      'vm_templates',
    );
    expect(actions(checked.kept)).toEqual([
      'gone:kept/raced',
      'held:kept/referenced',
      'counted:kept/count-nonzero',
      'new:kept/unconfirmed',
    ]);
  });
});

describe('rule 7, the cap', () => {
  it('takes what fits under maxDeletes across batches, keeps the rest `cap`', () => {
    const tally = new RunTally();
    const first = tally.reserve([towerLabel('a'), towerLabel('b')], 3);
    const second = tally.reserve([towerLabel('c'), towerLabel('d')], 3);
    expect(first).toEqual({
      take: [towerLabel('a'), towerLabel('b')],
      kept: [],
    });
    expect(second.take).toEqual([towerLabel('c')]);
    expect(actions(second.kept)).toEqual(['d:kept/cap']);
    expect(tally.reserved).toBe(3);
  });
});

/** What a guarded delete would repeat on Tower (the stub run's client is empty: nothing is sent). */
const policy: SweepPolicy = {
  keys: new Set(['cape-cluster-name']),
  cutoffMs: 0,
};

describe('rules 5 and 8, delete or preview', () => {
  const make = stoppedAfterEach(createHarness);
  const deletesSent = (h: Harness) =>
    h.sim.admin
      .requestLog()
      .filter(e => e.rootFields.includes('deleteManyLabels')).length;

  it('a dry run records would-delete and sends nothing', async () => {
    const h = await make({ tower: { dryRun: true } });
    const [a] = h.seedOrphans(1);
    const run = await h.sweep();
    expect(await h.outcomesByLabel(run.id)).toEqual({ [a]: 'would-delete' });
    expect(deletesSent(h)).toBe(0);
  });

  it('nothing to delete sends nothing', async () => {
    const h = await make();
    const [young] = h.sim.admin
      .createLabels([
        { key: 'cape-vip', value: 'v', createdAt: new Date().toISOString() },
      ])
      .map(l => l.id);
    const run = await h.sweep();
    expect(await h.outcomesByLabel(run.id)).toEqual({ [young]: 'kept/young' });
    expect(deletesSent(h)).toBe(0);
  });
});

describe('record', () => {
  const make = stoppedAfterEach(createHarness);

  it('writes the outcomes, then counts them', async () => {
    const h = await make({ tower: { maxDeletesPerRun: 1 } });
    h.seedOrphans(2);
    const run = await h.sweep();
    expect(
      (await h.outcomes(run.id))
        .map(o => `${o.action}/${o.reason ?? ''}`)
        .sort(),
    ).toEqual(['deleted/', 'kept/cap']);
    expect(run.counts).toMatchObject({ deleted: 1, kept: 1 });
    expect(run.keptByReason?.cap).toBe(1);
  });
});

describe('countOutcomes', () => {
  it('counts actions and kept reasons', () => {
    const tally = new RunTally();
    const outcomes: LabelOutcome[] = [
      outcome(towerLabel('a'), 'deleted'),
      outcome(towerLabel('b'), 'kept', 'young'),
      outcome(towerLabel('c'), 'kept', 'young'),
      outcome(towerLabel('d'), 'kept', 'raced'),
      outcome(towerLabel('e'), 'failed', 'error'),
      outcome(towerLabel('f'), 'would-delete'),
    ];
    tally.count(outcomes);
    expect(tally.counts).toEqual({
      scanned: 0,
      candidates: 0,
      deleted: 1,
      wouldDelete: 1,
      kept: 3,
      failed: 1,
    });
    expect(Object.fromEntries(tally.keptByReason)).toEqual({
      young: 2,
      raced: 1,
    });
  });
});

describe('a batch: live check → cap → delete or preview → record', () => {
  function batch({ client, ...over }: Parameters<typeof stubSweepRun>[0] = {}) {
    const recorded: LabelOutcome[] = [];
    const base = stubSweepRun();
    const ctx = stubSweepRun({
      tower: { ...base.tower, maxDeletesPerRun: 1 },
      client: {
        ...holding(),
        ...(client ?? checking([live('a'), live('b')])),
      },
      store: {
        addOutcomes: async (_runId, outcomes) => {
          recorded.push(...outcomes);
        },
      },
      dryRun: true,
      ...over,
    });
    return { ctx, recorded };
  }
  const labels = [towerLabel('a'), towerLabel('b')];

  it('checks, caps, previews and records each label once', async () => {
    const { ctx, recorded } = batch();
    await ctx.processBatch(policy, labels, new Set(), true);
    expect(actions(recorded)).toEqual(['b:kept/cap', 'a:would-delete']);
    expect(ctx.tally.consecutiveFailures).toBe(0);
  });

  it('keeps a label a holder names before the live check, naming the holder', async () => {
    const asked: string[][] = [];
    const { ctx, recorded } = batch({
      client: {
        ...holding(
          new Map([['a', { kind: 'securityGroups', id: 'sg1', name: 'web' }]]),
        ),
        checkLabels: async ids => {
          asked.push(ids);
          return [live('b')];
        },
      },
    });
    await ctx.processBatch(policy, labels, new Set(), true);
    expect(asked).toEqual([['b']]);
    expect(recorded.find(o => o.labelId === 'a')).toMatchObject({
      action: 'kept',
      reason: 'referenced',
      relation: 'securityGroups',
      detail: 'securityGroups web (sg1)',
    });
    expect(actions(recorded)).toContain('b:would-delete');
  });

  it('a failed live check fails the whole batch and counts a failure', async () => {
    const { ctx, recorded } = batch({
      client: {
        checkLabels: async () => {
          throw new Error('Tower down');
        },
      },
    });
    await ctx.processBatch(policy, labels, new Set(), true);
    expect(actions(recorded)).toEqual(['a:failed/error', 'b:failed/error']);
    expect(ctx.tally).toMatchObject({
      consecutiveFailures: 1,
      lastBatchError: { message: 'Tower down' },
    });
  });

  it('outcomes that cannot be written make the run fatal', async () => {
    const { ctx } = batch({
      store: {
        addOutcomes: async () => {
          throw new Error('database gone');
        },
      },
    });
    jest.useFakeTimers({ advanceTimers: true });
    await ctx.processBatch(policy, labels, new Set(), true);
    jest.useRealTimers();
    expect(ctx.tally.fatal).toMatchObject({ code: 'STORE_FAILED' });
  });
});
