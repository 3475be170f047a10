import { Duration } from 'luxon';
import { createHarness, type Harness } from './__testUtils__/sweepHarness';

/** The live checks and guarded deletes the sweeper sent, in order. */
function checksAndDeletes(h: Harness): string[] {
  return h.sim.admin
    .requestLog()
    .map(e => e.operationName ?? '')
    .filter(name => /^CapeLabels(Check|Delete)/.test(name))
    .map(name => name.replace('CapeLabels', ''));
}

/**
 * `n` orphans of `cape-vip` in id order (the order of the listing's pages), and a VM holding
 * those at the positions `held` (their counter never says so).
 */
function seedWorld(h: Harness, n: number, held: number[] = []) {
  h.sim.admin.setCounterLag('never');
  const ids = h.seedOrphans(n, 'cape-vip').sort();
  const vm = h.sim.admin.createVm({ name: 'web' }).id;
  for (const i of held) h.sim.admin.attach({ labelId: ids[i], vmId: vm });
  const heldIds = held.map(i => ids[i]);
  return { ids, heldIds, orphans: ids.filter(id => !heldIds.includes(id)) };
}

/** A checked batch of orphans, then one straight to the delete that leaves a label in use. */
const CHECKED_THEN_STRAIGHT = [
  'Check',
  'Delete',
  'Delete',
  'Check',
  'CheckReferences',
];

/** Pages of 4, one batch at a time: each batch starts after the one before has its verdict. */
const ONE_BATCH_AT_A_TIME = { pageSize: 4, batchesInFlight: 1 };

describe('TowerSweeper: the guarded delete is the live check where no decision needs one first', () => {
  let h: Harness | undefined;
  afterEach(() => h?.stop());

  it('once a checked batch proved its candidates orphans, sends the next straight to the guarded delete, checking only what it leaves, naming why', async () => {
    h = await createHarness({ sweeper: ONE_BATCH_AT_A_TIME });
    const world = seedWorld(h, 8, [7]);
    const run = await h.sweep();
    expect(checksAndDeletes(h)).toEqual(CHECKED_THEN_STRAIGHT);
    expect(h.deletedIds()).toEqual(world.orphans);
    expect(run.status).toBe('succeeded');
    expect(run.counts).toMatchObject({ deleted: 7, kept: 1, failed: 0 });
    const held = (await h.outcomes(run.id)).find(
      o => o.labelId === world.heldIds[0],
    );
    expect(held).toMatchObject({
      action: 'kept',
      reason: 'referenced',
      relation: 'vms',
    });
    // Its write-ahead row is settled with the rest of the batch.
    expect(await h.store.listPendingDeletes(h.tower.id)).toEqual([]);
  });

  it.each([
    ['a dry run', { dryRun: true }, ['Check', 'Check']],
    [
      'confirmation',
      { confirmAfter: Duration.fromObject({ hours: 1 }) },
      ['Check', 'Check'],
    ],
    [
      'a cap the batch may reach',
      { maxDeletesPerRun: 5 },
      ['Check', 'Delete', 'Check', 'Delete'],
    ],
  ])('checks every batch first for %s', async (_what, tower, sent) => {
    h = await createHarness({ tower, sweeper: ONE_BATCH_AT_A_TIME });
    seedWorld(h, 8);
    await h.sweep();
    expect(checksAndDeletes(h)).toEqual(sent);
  });

  it('a label kept in use after a lost answer stays pending: if Tower deleted it after all, the next run records it deleted', async () => {
    let deletes = 0;
    h = await createHarness({
      sweeper: ONE_BATCH_AT_A_TIME,
      wrapClient: client => ({
        deleteLabelsGuarded: async (input, signal) => {
          // The second batch's answer is lost; Tower commits it well after the settle window.
          if (++deletes === 2)
            h!.sim.admin.setFaults({
              match: { rootField: 'deleteManyLabels' },
              lostAnswer: { answer: 'reset', commitAfterMs: 1500 },
            });
          return client.deleteLabelsGuarded(input, signal);
        },
      }),
    });
    const world = seedWorld(h, 8, [5]);
    const vm = h.sim.admin.label(world.heldIds[0])!.vmIds[0];
    const first = await h.sweep();
    h.sim.admin.clearFaults();
    const outcomes = await h.outcomesByLabel(first.id);
    expect(outcomes[world.heldIds[0]]).toBe('kept/referenced');
    expect(first.counts).toMatchObject({ deleted: 4, kept: 1, failed: 3 });
    expect(
      (await h.store.listPendingDeletes(h.tower.id)).map(p => p.label.labelId),
    ).toContain(world.heldIds[0]);

    // Freed before Tower commits the lost delete, whose guard then lets it go.
    h.sim.admin.detach({ labelId: world.heldIds[0], vmId: vm });
    while (h.sim.admin.label(world.heldIds[0]))
      await new Promise(r => setTimeout(r, 50));

    await h.sweep();
    const corrected = await h.store.getRun(first.id);
    expect(corrected?.counts).toMatchObject({
      deleted: 8,
      kept: 0,
      failed: 0,
    });
    expect(corrected?.keptByReason).toEqual({});
    expect((await h.outcomesByLabel(first.id))[world.heldIds[0]]).toBe(
      'deleted',
    );
    expect(h.deletedIds()).toEqual(world.ids);
  });

  it('gives the cap back what the guard kept in use, so the cap counts orphans only', async () => {
    h = await createHarness({
      tower: { maxDeletesPerRun: 9 },
      sweeper: ONE_BATCH_AT_A_TIME,
    });
    const world = seedWorld(h, 12, [4, 5]);
    const run = await h.sweep();
    // The second batch went straight to the delete, holding 4 of the cap's 9 until it answered.
    expect(checksAndDeletes(h)).toEqual([
      ...CHECKED_THEN_STRAIGHT,
      'Check',
      'Delete',
    ]);
    expect(run.counts.deleted).toBe(9);
    expect(run.keptByReason).toEqual({ referenced: 2, cap: 1 });
    expect(run.status).toBe('partial');
    for (const id of world.heldIds) expect(h.sim.admin.label(id)).toBeDefined();
  });
});
