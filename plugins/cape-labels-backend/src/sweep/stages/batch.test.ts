import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import type { LabelLiveState } from '../../cloudtower/types';
import { actions, towerLabel } from '../__testUtils__/towerLabel';
import type { GuardedDeleteContext } from '../guardedDelete';
import { processBatch, type BatchContext } from './batch';
import { capOrphans } from './cap';
import { liveCheck } from './liveCheck';
import { recordOutcomes } from './record';
import { deleteOrPreview } from './remove';
import { newRunState } from './runState';

const live = (id: string, over: Partial<LabelLiveState> = {}) => ({
  id,
  totalNum: 0,
  referenced: (over.referencedBy?.length ?? 0) > 0,
  referencedBy: [],
  ...over,
});
const checking = (states: LabelLiveState[]) => ({
  checkLabels: async () => states,
});

describe('stage 4, live check', () => {
  it('keeps labels gone, held or counted, and survivors not yet confirmed', async () => {
    const labels = ['gone', 'held', 'counted', 'new', 'orphan'].map(id =>
      towerLabel(id),
    );
    const checked = await liveCheck(
      checking([
        live('held', { referencedBy: ['vm_templates'] }),
        live('counted', { totalNum: null }),
        live('new'),
        live('orphan'),
      ]),
      labels,
      new Set(['new', 'held']),
    );
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

describe('stage 5, cap', () => {
  it('takes what fits under maxDeletes across batches, keeps the rest `cap`', () => {
    const state = newRunState();
    const first = capOrphans(state, [towerLabel('a'), towerLabel('b')], 3);
    const second = capOrphans(state, [towerLabel('c'), towerLabel('d')], 3);
    expect(first).toEqual({
      take: [towerLabel('a'), towerLabel('b')],
      kept: [],
    });
    expect(second.take).toEqual([towerLabel('c')]);
    expect(actions(second.kept)).toEqual(['d:kept/cap']);
    expect(state.reserved).toBe(3);
  });
});

/** A guarded-delete context whose Tower must not be called. */
const untouchable = {
  client: {},
  store: {},
} as unknown as GuardedDeleteContext;

describe('stage 6, delete', () => {
  it('a dry run records would-delete and sends nothing', async () => {
    const result = await deleteOrPreview(untouchable, [towerLabel('a')], true);
    expect(actions(result.outcomes)).toEqual(['a:would-delete']);
  });

  it('nothing to delete sends nothing', async () => {
    expect(await deleteOrPreview(untouchable, [], false)).toEqual({
      outcomes: [],
    });
  });
});

describe('stage 7, record', () => {
  it('writes the outcomes, then counts them', async () => {
    const written: LabelOutcome[][] = [];
    const store = {
      addOutcomes: async (_runId: string, o: LabelOutcome[]) => {
        written.push(o);
      },
    };
    const state = newRunState();
    const outcomes = [
      { ...towerLabel('a'), labelId: 'a', action: 'deleted' as const },
      {
        ...towerLabel('b'),
        labelId: 'b',
        action: 'kept' as const,
        reason: 'cap' as const,
      },
    ];
    await recordOutcomes({ store, runId: 'r1' }, state, outcomes);
    expect(written).toEqual([outcomes]);
    expect(state.counts).toMatchObject({ deleted: 1, kept: 1 });
    expect(state.keptByReason.get('cap')).toBe(1);
  });
});

describe('a batch through stages 4-7', () => {
  function batch(over: Partial<BatchContext> = {}) {
    const recorded: LabelOutcome[] = [];
    const ctx: BatchContext = {
      client: checking([live('a'), live('b')]),
      store: {
        addOutcomes: async (_runId, outcomes) => {
          recorded.push(...outcomes);
        },
      },
      runId: 'r1',
      state: newRunState(),
      maxDeletes: 1,
      dryRun: true,
      deletion: untouchable,
      ...over,
    };
    return { ctx, recorded };
  }
  const labels = [towerLabel('a'), towerLabel('b')];

  it('checks, caps, previews and records each label once', async () => {
    const { ctx, recorded } = batch();
    await processBatch(ctx, labels, new Set());
    expect(actions(recorded)).toEqual(['b:kept/cap', 'a:would-delete']);
    expect(ctx.state.consecutiveFailures).toBe(0);
  });

  it('a failed live check fails the whole batch and counts a failure', async () => {
    const { ctx, recorded } = batch({
      client: {
        checkLabels: async () => {
          throw new Error('Tower down');
        },
      },
    });
    await processBatch(ctx, labels, new Set());
    expect(actions(recorded)).toEqual(['a:failed/error', 'b:failed/error']);
    expect(ctx.state).toMatchObject({
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
    await processBatch(ctx, labels, new Set());
    jest.useRealTimers();
    expect(ctx.state.fatal).toMatchObject({ code: 'STORE_FAILED' });
  });
});
