import {
  createHarness,
  stoppedAfterEach,
  type Harness,
  type HarnessOptions,
} from './__testUtils__/sweepHarness';

/*
 * The README's "Known limits" that a sweep shows, each as the code does it today: what the
 * plugin cannot know, and what it records then. A change that lifts a limit changes its test
 * and the README's entry together.
 */

/** An old `cape-vip` label; `holder` (a relation of Label) holds it when given. */
function label(h: Harness, value: string, holder?: string): string {
  const { admin } = h.sim;
  const id = admin.createLabel({
    key: 'cape-vip',
    value,
    createdAt: h.old(),
  }).id;
  if (holder) admin.createObject(holder, { name: value, labelIds: [id] });
  return id;
}

describe('Known limit: a Tower that refuses introspection', () => {
  const make = stoppedAfterEach((options: HarnessOptions) =>
    createHarness(options),
  );
  // A relation only a newer Tower has: not among the 29 the probe knows.
  const newer = { extraRelations: ['backup_plans'] };

  it("checks only the relations it knows: one that only a newer Tower has is guarded by Tower's counter alone", async () => {
    const h = await make({ simulator: { ...newer, introspection: false } });
    h.sim.admin.setCounterLag('never');
    const counted = label(h, '10.0.0.1', 'backup_plans');
    h.sim.admin.setCounters(counted, { total_num: 1 });
    const uncounted = label(h, '10.0.0.2', 'backup_plans');
    h.sim.admin.setCounters(uncounted, { total_num: 0 });
    const run = await h.sweep();
    expect(run.relations?.source).toBe('probe');
    expect(run.relations?.checked).not.toContain('backup_plans');
    const outcomes = await h.outcomesByLabel(run.id);
    expect(outcomes[counted]).toBe('kept/count-nonzero');
    // The limit: held, but nothing this run can ask says so.
    expect(outcomes[uncounted]).toBe('deleted');
    expect(h.deletedIds()).toEqual([uncounted]);
  });

  it('checks every relation of a Tower that allows introspection, the newer one included', async () => {
    const h = await make({ simulator: newer });
    h.sim.admin.setCounterLag('never');
    const held = label(h, '10.0.0.2', 'backup_plans');
    h.sim.admin.setCounters(held, { total_num: 0 });
    const run = await h.sweep();
    expect(run.relations?.source).toBe('introspection');
    expect(run.relations?.checked).toContain('backup_plans');
    expect((await h.outcomesByLabel(run.id))[held]).toBe('kept/referenced');
    expect(h.deletedIds()).toEqual([]);
  });
});

describe('Known limit: a label someone else deletes meanwhile', () => {
  const make = stoppedAfterEach((options: HarnessOptions) =>
    createHarness(options),
  );

  it('is recorded as deleted by this run when it goes between the live check and our delete', async () => {
    let removedByOthers: string | undefined;
    const h = await make({
      wrapClient: real => ({
        checkLabels: async (ids, signal) => {
          const live = await real.checkLabels(ids, signal);
          removedByOthers = ids[0];
          h.sim.admin.deleteLabel(ids[0]);
          return live;
        },
      }),
    });
    const ids = [label(h, '10.0.0.1'), label(h, '10.0.0.2')];
    const run = await h.sweep();
    expect(ids).toContain(removedByOthers);
    const deletedBy = Object.fromEntries(
      h.sim.admin.deletedLabels().map(d => [d.id, d.via]),
    );
    expect(deletedBy[removedByOthers!]).toBe('admin');
    expect(run.counts.deleted).toBe(2);
    expect(await h.outcomesByLabel(run.id)).toEqual({
      [ids[0]]: 'deleted',
      [ids[1]]: 'deleted',
    });
  });

  it('is recorded as deleted by the earlier run when it goes after a delete Tower never answered', async () => {
    const h = await make({ sweeper: { requestTimeoutMs: 1000 } });
    const [gone, kept] = [label(h, '10.0.0.1'), label(h, '10.0.0.2')];
    h.sim.admin.setFaults({
      rules: [
        { match: { rootField: 'deleteManyLabels' }, hang: 'no-response' },
      ],
    });
    const first = await h.sweep();
    expect(first.counts.failed).toBe(2);
    h.sim.admin.clearFaults();
    h.sim.admin.deleteLabel(gone);
    const second = await h.sweep();
    const corrected = (await h.store.getRun(first.id))!;
    expect(corrected.counts).toMatchObject({ deleted: 1, failed: 1 });
    expect((await h.outcomesByLabel(first.id))[gone]).toBe('deleted');
    // The label still there was not deleted: the next run treats it afresh and deletes it.
    expect((await h.outcomesByLabel(second.id))[kept]).toBe('deleted');
  });
});
