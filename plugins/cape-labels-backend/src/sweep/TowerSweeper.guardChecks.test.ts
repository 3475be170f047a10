import { Duration } from 'luxon';
import { createHarness, type Harness } from './__testUtils__/sweepHarness';

/** The live checks and guarded deletes the sweeper sent, in order. */
function checksAndDeletes(h: Harness): string[] {
  return h.sim.admin
    .requestLog()
    .map(e => e.operationName ?? '')
    .filter(name => /^CapeLabels(Check|Delete)/.test(name));
}

/** `n` orphans of `cape-vip`, and a VM holding the ones at `held` (the counter never says so). */
function seedWorld(h: Harness, n: number, held: number[]) {
  h.sim.admin.setCounterLag('never');
  const ids = h.seedOrphans(n, 'cape-vip');
  const vm = h.sim.admin.createVm({ name: 'web' }).id;
  for (const i of held) h.sim.admin.attach({ labelId: ids[i], vmId: vm });
  const heldIds = held.map(i => ids[i]);
  return { ids, heldIds, orphans: ids.filter(id => !heldIds.includes(id)) };
}

describe('TowerSweeper: the guarded delete is the live check where no decision needs one first', () => {
  let h: Harness | undefined;
  afterEach(() => h?.stop());

  it('sends candidates straight to the guarded delete, and checks only what it leaves, naming why', async () => {
    h = await createHarness();
    const clean = seedWorld(h, 5, []);
    const first = await h.sweep();
    expect(first.status).toBe('succeeded');
    expect(h.deletedIds()).toEqual([...clean.ids].sort());
    expect(checksAndDeletes(h)).toEqual(['CapeLabelsDelete']);

    h.sim.admin.resetLog();
    const world = seedWorld(h, 6, [2]);
    const run = await h.sweep();
    expect(checksAndDeletes(h)).toEqual([
      'CapeLabelsDelete',
      'CapeLabelsCheck',
      'CapeLabelsCheckReferences',
    ]);
    expect(h.deletedIds()).toEqual([...clean.ids, ...world.orphans].sort());
    expect(run.status).toBe('succeeded');
    expect(run.counts).toMatchObject({ deleted: 5, kept: 1, failed: 0 });
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
    [
      'a dry run',
      { dryRun: true },
      ['CapeLabelsCheck', 'CapeLabelsCheckReferences'],
    ],
    [
      'confirmation',
      { confirmAfter: Duration.fromObject({ hours: 1 }) },
      ['CapeLabelsCheck', 'CapeLabelsCheckReferences'],
    ],
    [
      'a cap the batch may reach',
      { maxDeletesPerRun: 2 },
      ['CapeLabelsCheck', 'CapeLabelsCheckReferences', 'CapeLabelsDelete'],
    ],
  ])('checks first for %s', async (_what, tower, sent) => {
    h = await createHarness({ tower });
    seedWorld(h, 6, [2]);
    const run = await h.sweep();
    expect(checksAndDeletes(h)).toEqual(sent);
    expect(run.keptByReason).toMatchObject({ referenced: 1 });
  });

  it('gives the cap back what the guard kept in use, so the cap counts orphans only', async () => {
    h = await createHarness({
      tower: { maxDeletesPerRun: 6 },
      sweeper: { pageSize: 4 },
    });
    const world = seedWorld(h, 12, [0, 1]);
    const run = await h.sweep();
    expect(run.counts.deleted).toBe(6);
    expect(run.keptByReason).toEqual({ referenced: 2, cap: 4 });
    expect(run.status).toBe('partial');
    for (const id of world.heldIds) expect(h.sim.admin.label(id)).toBeDefined();
  });
});
