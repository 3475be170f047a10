import type { TowerClient, TowerLabel } from '../cloudtower/types';
import { TowerTimeoutError } from '../cloudtower/errors';
import { stubRunContext } from './__testUtils__/runContext';
import type { SweepPolicy } from './decide';
import { deleteGuarded } from './guardedDelete';

const label = (id: string): TowerLabel => ({
  id,
  key: 'cape-cluster-name',
  value: id,
  createdAt: '2026-11-01T00:00:00.000Z',
  totalNum: 0,
});

/** A Tower that deletes `deletes` of the ids it is sent and answers `answer` as its count. */
function context(options: {
  deletes: (ids: string[]) => string[];
  answer: (deleted: number) => number | Error;
}) {
  const existing = new Set(['a', 'b', 'c']);
  const survivorReads: string[][] = [];
  const client = {
    deleteLabelsGuarded: async ({ ids }: { ids: string[] }) => {
      const gone = options.deletes(ids);
      gone.forEach(id => existing.delete(id));
      const answer = options.answer(gone.length);
      if (answer instanceof Error) throw answer;
      return answer;
    },
    readExistingIds: async (ids: string[]) => {
      survivorReads.push(ids);
      return ids.filter(id => existing.has(id));
    },
  } as unknown as TowerClient;
  const ctx = stubRunContext({
    client,
    store: { writePendingDeletes: async () => 1 },
    settleMs: 30,
  });
  return { ctx, survivorReads, notes: ctx.notes };
}

const policy: SweepPolicy = {
  keys: new Set(['cape-cluster-name']),
  cutoffMs: Date.parse('2026-11-30T00:00:00.000Z'),
};

const take = ['a', 'b', 'c'].map(label);
const actions = (outcomes: { labelId: string; action: string }[]) =>
  outcomes.map(o => `${o.labelId}:${o.action}`);

describe('deleteGuarded survivor reads', () => {
  it('reads no survivors when Tower answers that it deleted every id of the batch', async () => {
    const { ctx, survivorReads } = context({
      deletes: ids => ids,
      answer: n => n,
    });
    const result = await deleteGuarded(ctx, policy, take);
    expect(survivorReads).toEqual([]);
    expect(actions(result.outcomes)).toEqual([
      'a:deleted',
      'b:deleted',
      'c:deleted',
    ]);
  });

  it('reads survivors when the count is short: what is left was raced', async () => {
    const { ctx, survivorReads } = context({
      deletes: ids => ids.filter(id => id !== 'b'),
      answer: n => n,
    });
    const result = await deleteGuarded(ctx, policy, take);
    expect(survivorReads).toEqual([['a', 'b', 'c']]);
    expect(actions(result.outcomes)).toEqual([
      'a:deleted',
      'b:kept',
      'c:deleted',
    ]);
  });

  it('reads survivors when the count is more than the batch, and notes the mismatch', async () => {
    const { ctx, survivorReads, notes } = context({
      deletes: ids => ids,
      answer: n => n + 2,
    });
    await deleteGuarded(ctx, policy, take);
    expect(survivorReads).toHaveLength(1);
    expect(notes.list()).toEqual([
      {
        code: 'DELETE_COUNT_MISMATCH',
        params: { reported: 5, requested: 3, gone: expect.any(Number) },
        message: expect.stringMatching(/answered count 5 for 3 labels/),
      },
    ]);
  });

  it('reads survivors when the answer was lost', async () => {
    const { ctx, survivorReads } = context({
      deletes: ids => ids,
      answer: () =>
        new TowerTimeoutError(30, {
          towerId: 't1',
          operation: 'deleteLabels',
        }),
    });
    const result = await deleteGuarded(ctx, policy, take);
    expect(survivorReads.length).toBeGreaterThan(0);
    expect(actions(result.outcomes)).toEqual([
      'a:deleted',
      'b:deleted',
      'c:deleted',
    ]);
  });
});
