import type {
  LabelLiveState,
  TowerClient,
  TowerLabel,
} from '../cloudtower/TowerClient';
import {
  TowerGraphQLError,
  TowerHttpError,
  TowerTimeoutError,
} from '../cloudtower/errors';
import { mockServices } from '@backstage/backend-test-utils';
import type { RunStore } from '../database/RunStore';
import type { SweepPolicy } from './decide';
import { GuardedDelete, type GuardedDeleteOptions } from './GuardedDelete';
import { RunNotes } from './runNotes';

type Deleting = Omit<GuardedDeleteOptions, 'policy'>;

/** The guarded deletes of run `r1` of Tower `t1` through `client`, with `store`. */
function deleting(over: {
  client: TowerClient;
  store: Pick<RunStore, 'writePendingDeletes'>;
  settleMs?: number;
}): Deleting {
  const { settleMs = 0, ...rest } = over;
  return {
    tower: { id: 't1' },
    tuning: { settleMs },
    runId: 'r1',
    notes: new RunNotes(mockServices.logger.mock(), 'Tower t1: run r1'),
    signal: new AbortController().signal,
    ...rest,
  };
}

function deleteGuarded(ctx: Deleting, policy: SweepPolicy, take: TowerLabel[]) {
  return new GuardedDelete({ ...ctx, policy }).delete(take);
}

/** A label still there that nothing references. */
const unused = (id: string): LabelLiveState => ({
  id,
  totalNum: 0,
  referenced: false,
  referencedBy: [],
});

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
    checkLabels: async (ids: string[]) => {
      survivorReads.push(ids);
      return ids.filter(id => existing.has(id)).map(unused);
    },
  } as unknown as TowerClient;
  const ctx = deleting({
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

/**
 * A Tower that refuses, as a whole and with `refusal`, every delete naming a label of `refuses`
 * (as Tower does for a label an Everoute security policy uses), and deletes the rest.
 */
function refusingTower(
  ids: string[],
  refuses: ReadonlySet<string>,
  refusal: (ids: string[]) => Error = () =>
    new TowerGraphQLError(
      'LABEL_USED_BY_SECURITY_POLICY',
      'label is used by security policy allow-web',
      { towerId: 't1', operation: 'deleteLabels' },
    ),
) {
  const existing = new Set(ids);
  const deletes: string[][] = [];
  const client = {
    deleteLabelsGuarded: async ({ ids: sent }: { ids: string[] }) => {
      deletes.push(sent);
      if (sent.some(id => refuses.has(id))) throw refusal(sent);
      sent.forEach(id => existing.delete(id));
      return sent.length;
    },
    readExistingIds: async (asked: string[]) =>
      asked.filter(id => existing.has(id)),
    checkLabels: async (asked: string[]) =>
      asked.filter(id => existing.has(id)).map(unused),
  } as unknown as TowerClient;
  const ctx = deleting({
    client,
    store: { writePendingDeletes: async () => 7 },
  });
  return { ctx, deletes, existing };
}

const batchOf = (n: number) =>
  Array.from({ length: n }, (_, i) => label(`l${String(i).padStart(3, '0')}`));

describe('deleteGuarded when Tower refuses the batch', () => {
  it("deletes the others and keeps the refused label, with Tower's words, in at most 2·log2(batch) more deletes", async () => {
    const batch = batchOf(64);
    const { ctx, deletes, existing } = refusingTower(
      batch.map(l => l.id),
      new Set(['l037']),
    );
    const result = await deleteGuarded(ctx, policy, batch);
    expect(existing).toEqual(new Set(['l037']));
    const kept = result.outcomes.filter(o => o.action !== 'deleted');
    expect(kept).toEqual([
      expect.objectContaining({
        labelId: 'l037',
        action: 'kept',
        reason: 'refused',
        detail:
          'LABEL_USED_BY_SECURITY_POLICY: label is used by security policy allow-web',
      }),
    ]);
    expect(result.outcomes).toHaveLength(64);
    expect(result.error).toBeUndefined();
    expect(result.pending).toBe(7);
    expect(deletes.length - 1).toBeLessThanOrEqual(2 * Math.log2(64));
    expect(ctx.notes.list()).toEqual([
      {
        code: 'DELETE_REFUSED_SPLIT',
        params: expect.objectContaining({
          requested: 64,
          refused: 1,
          refusedIds: 'l037',
          deleted: 63,
          failed: 0,
        }),
        message: expect.stringMatching(
          /refused deleteManyLabels for 64 labels .*1 refused \(l037\), 63 deleted/,
        ),
      },
    ]);
  });

  it('isolates each of several refused labels, and a batch of one needs no more deletes', async () => {
    const batch = batchOf(10);
    const refused = new Set(['l000', 'l004', 'l009']);
    const { ctx, existing } = refusingTower(
      batch.map(l => l.id),
      refused,
    );
    const result = await deleteGuarded(ctx, policy, batch);
    expect(existing).toEqual(refused);
    expect(
      result.outcomes.filter(o => o.reason === 'refused').map(o => o.labelId),
    ).toEqual([...refused]);

    const one = refusingTower(['l004'], refused);
    const alone = await deleteGuarded(one.ctx, policy, [label('l004')]);
    expect(one.deletes).toHaveLength(1);
    expect(alone.outcomes).toEqual([
      expect.objectContaining({ action: 'kept', reason: 'refused' }),
    ]);
  });

  it('splits on a 400 answer too, but not on a refused token, a 403, a 429 or a document Tower cannot run', async () => {
    const batch = batchOf(4);
    const http = (status: number) => () =>
      new TowerHttpError(status, '', {
        towerId: 't1',
        operation: 'deleteLabels',
        body: { code: 'LABEL_IN_USE', message: 'in use' },
      });
    const bad = refusingTower(
      batch.map(l => l.id),
      new Set(['l001']),
      http(400),
    );
    const split = await deleteGuarded(bad.ctx, policy, batch);
    expect(split.outcomes.map(o => o.reason ?? o.action)).toEqual([
      'deleted',
      'refused',
      'deleted',
      'deleted',
    ]);
    for (const refusal of [
      http(403),
      http(429),
      () =>
        new TowerGraphQLError('LOAD_TOKEN_FAILED', 'token expired', {
          towerId: 't1',
          operation: 'deleteLabels',
        }),
      () =>
        new TowerGraphQLError(
          'GRAPHQL_VALIDATION_FAILED',
          'Field "backup_plans_none" is not defined by type "LabelWhereInput".',
          { towerId: 't1', operation: 'deleteLabels' },
        ),
    ]) {
      const tower = refusingTower(
        batch.map(l => l.id),
        new Set(['l001']),
        refusal,
      );
      const result = await deleteGuarded(tower.ctx, policy, batch);
      expect(tower.deletes).toHaveLength(1);
      expect(result.outcomes.every(o => o.action === 'failed')).toBe(true);
    }
  });

  it("stops splitting when Tower refuses everything: bounded, the rest failed with Tower's words", async () => {
    const batch = batchOf(512);
    const { ctx, deletes } = refusingTower(
      batch.map(l => l.id),
      new Set(batch.map(l => l.id)),
    );
    const result = await deleteGuarded(ctx, policy, batch);
    expect(deletes.length - 1).toBeLessThanOrEqual(4 * 2 * Math.log2(512));
    const refused = result.outcomes.filter(o => o.reason === 'refused');
    expect(refused.length).toBeGreaterThan(0);
    const failed = result.outcomes.filter(o => o.action === 'failed');
    expect(failed).toHaveLength(512 - refused.length);
    expect(failed[0]).toMatchObject({
      reason: 'error',
      detail: expect.stringContaining('LABEL_USED_BY_SECURITY_POLICY'),
    });
    expect(result.error).toBeInstanceOf(TowerGraphQLError);
  });

  it("splits on a 5xx with Tower's code once nothing of the batch is gone; not when some is, nor on a gateway's page", async () => {
    const batch = batchOf(4);
    const locked = (body?: { code: string; message: string }) => () =>
      new TowerHttpError(500, '', {
        towerId: 't1',
        operation: 'deleteLabels',
        body,
      });
    const resourceLocked = locked({
      code: 'ResourceLocked',
      message: 'label is locked',
    });
    const refused = refusingTower(
      batch.map(l => l.id),
      new Set(['l002']),
      resourceLocked,
    );
    const split = await deleteGuarded(refused.ctx, policy, batch);
    expect(split.outcomes.map(o => o.reason ?? o.action)).toEqual([
      'deleted',
      'deleted',
      'refused',
      'deleted',
    ]);
    expect(split.outcomes[2].detail).toMatch(/^ResourceLocked: /);

    const gateway = refusingTower(
      batch.map(l => l.id),
      new Set(['l002']),
      locked(),
    );
    const page = await deleteGuarded(gateway.ctx, policy, batch);
    expect(gateway.deletes).toHaveLength(1);
    expect(page.outcomes.every(o => o.reason === 'unanswered')).toBe(true);

    // Tower deleted part of the batch and then answered 500: its answer is no refusal.
    const partly = context({
      deletes: ids => ids.slice(0, 1),
      answer: () => resourceLocked(),
    });
    const settled = await deleteGuarded(partly.ctx, policy, take);
    expect(actions(settled.outcomes)).toEqual([
      'a:deleted',
      'b:failed',
      'c:failed',
    ]);
  });

  it.each([
    [true, ['deleted', 'deleted', 'error', 'error']],
    [false, ['unanswered', 'unanswered', 'error', 'error']],
  ])(
    'stops splitting when a half goes unanswered, and settles it (committed late: %p)',
    async (commits, expected) => {
      const batch = batchOf(4);
      let calls = 0;
      const existing = new Set(batch.map(l => l.id));
      const client = {
        deleteLabelsGuarded: async ({ ids }: { ids: string[] }) => {
          calls++;
          if (calls === 1)
            throw new TowerGraphQLError('LABEL_IN_USE', 'in use', {
              towerId: 't1',
              operation: 'deleteLabels',
            });
          // The first half's answer is lost; Tower may have deleted it all the same.
          if (commits) ids.forEach(id => existing.delete(id));
          throw new TowerTimeoutError(30, {
            towerId: 't1',
            operation: 'deleteLabels',
          });
        },
        readExistingIds: async (ids: string[]) =>
          ids.filter(id => existing.has(id)),
        checkLabels: async (ids: string[]) =>
          ids.filter(id => existing.has(id)).map(unused),
      } as unknown as TowerClient;
      const ctx = deleting({
        client,
        store: { writePendingDeletes: async () => 1 },
      });
      const result = await deleteGuarded(ctx, policy, batch);
      expect(calls).toBe(2);
      expect(result.outcomes.map(o => o.reason ?? o.action)).toEqual(expected);
      // The first failed label's error: the lost answer, or the refusal of the half never sent.
      expect(result.error).toBeInstanceOf(
        commits ? TowerGraphQLError : TowerTimeoutError,
      );
    },
  );
});
