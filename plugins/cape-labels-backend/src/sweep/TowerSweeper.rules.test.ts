import type { TowerClient } from '../cloudtower/TowerClient';
import { createHarness, type Harness } from './__testUtils__/sweepHarness';
import { seedRulesWorld } from './__testUtils__/rulesWorld';
import { HOUR, MINUTE, useFakeDate } from '../__testUtils__/time';

describe('TowerSweeper: the deletion rules against a simulated Tower', () => {
  let h: Harness;
  afterEach(async () => h?.stop());
  afterEach(() => jest.useRealTimers());

  it('a dry run deletes nothing and records would-delete for exactly the orphans', async () => {
    h = await createHarness({ tower: { dryRun: true } });
    const w = await seedRulesWorld(h);
    const before = h.sim.admin.labels().length;
    const run = await h.sweep();

    expect(run).toMatchObject({
      status: 'succeeded',
      dryRun: true,
      trigger: 'schedule',
    });
    expect(h.sim.admin.labels()).toHaveLength(before);
    expect(h.sim.admin.requestLog().flatMap(e => e.rootFields)).not.toContain(
      'deleteManyLabels',
    );
    const outcomes = await h.outcomesByLabel(run.id);
    expect(
      Object.keys(outcomes)
        .filter(id => outcomes[id] === 'would-delete')
        .sort(),
    ).toEqual([...w.orphans].sort());
    expect(run.counts).toMatchObject({ deleted: 0, candidates: 5, scanned: 8 });
  });

  it('a real run deletes exactly the orphans and keeps everything else with its reason', async () => {
    h = await createHarness();
    const w = await seedRulesWorld(h);
    const run = await h.sweep();

    expect(run.status).toBe('succeeded');
    expect(h.deletedIds()).toEqual([...w.orphans].sort());
    expect(await h.outcomesByLabel(run.id)).toEqual({
      ...Object.fromEntries(w.orphans.map(id => [id, 'deleted'])),
      [w.young]: 'kept/young',
      [w.lagging]: 'kept/referenced',
      [w.inBin]: 'kept/referenced',
      [w.policyOnly]: 'kept/count-nonzero',
      [w.nullCounter]: 'kept/count-nonzero',
    });
    for (const id of w.untouchable) expect(h.sim.admin.label(id)).toBeDefined();
    expect(run.counts).toEqual({
      scanned: 8,
      candidates: 5,
      deleted: 3,
      wouldDelete: 0,
      kept: 5,
      failed: 0,
    });
    expect(run.settings).toEqual({
      minAge: 'PT24H',
      confirmAfter: 'PT0S',
      maxDeletesPerRun: 5000,
      keys: ['cape-cluster-name', 'cape-vip', 'cape-namespace'],
    });
    expect(
      h.audited
        .flat()
        .map(o => o.labelId)
        .sort(),
    ).toEqual([...w.orphans].sort());
    expect(h.completed.map(r => r.id)).toEqual([run.id]);
  });

  it('sweeping again right away is harmless', async () => {
    h = await createHarness();
    const w = await seedRulesWorld(h);
    await h.sweep();
    const second = await h.sweep();
    expect(second.status).toBe('succeeded');
    expect(second.counts.deleted).toBe(0);
    expect(h.sim.admin.deletedLabels()).toHaveLength(w.orphans.length);
  });

  it('keeps a label attached just before the delete, naming what holds it', async () => {
    let late = '';
    h = await createHarness({
      wrapClient: (client: TowerClient): Partial<TowerClient> => ({
        deleteLabelsGuarded: async (input, signal) => {
          // Only in the first batch: keys are listed in separate chains, so there are several.
          if (late === '') {
            const vm = h.sim.admin.createVm({ name: 'late' }).id;
            late = input.ids[0];
            h.sim.admin.attach({ labelId: late, vmId: vm });
          }
          return client.deleteLabelsGuarded(input, signal);
        },
      }),
    });
    const w = await seedRulesWorld(h);
    const run = await h.sweep();
    const outcomes = await h.outcomesByLabel(run.id);
    expect(w.orphans).toContain(late);
    expect(outcomes[late]).toBe('kept/referenced');
    expect(h.sim.admin.label(late)?.vmIds).toHaveLength(1);
    expect(run.counts.deleted).toBe(2);
  });

  it('caps deletions per run, marks the rest cap and the run partial; the next run goes on', async () => {
    h = await createHarness({ tower: { maxDeletesPerRun: 2 } });
    const ids = Array.from(
      { length: 5 },
      (_, i) =>
        h.sim.admin.createLabel({
          key: 'cape-vip',
          value: `v${i}`,
          createdAt: h.old(),
        }).id,
    );
    const first = await h.sweep();
    expect(first.status).toBe('partial');
    expect(first.error).toMatchObject({
      code: 'CAP_REACHED',
      params: { maxDeletesPerRun: 2 },
    });
    // Stored: the run read back carries the params too.
    expect((await h.store.getRun(first.id))?.error?.params).toEqual({
      maxDeletesPerRun: 2,
    });
    expect(first.counts.deleted).toBe(2);
    expect(
      Object.values(await h.outcomesByLabel(first.id)).filter(
        v => v === 'kept/cap',
      ),
    ).toHaveLength(3);
    const second = await h.sweep();
    expect(second.counts.deleted).toBe(2);
    const third = await h.sweep();
    expect(third.status).toBe('succeeded');
    expect(h.deletedIds()).toEqual(ids.sort());
  });

  it('with confirmAfter deletes only labels an earlier run saw orphaned long enough ago', async () => {
    useFakeDate(Date.now());
    h = await createHarness({
      tower: {
        confirmAfter: require('luxon').Duration.fromObject({ hours: 1 }),
      },
    });
    const seen = h.sim.admin.createLabel({
      key: 'cape-vip',
      value: 'a',
      createdAt: h.old(),
    }).id;
    const first = await h.sweep();
    expect(await h.outcomesByLabel(first.id)).toEqual({
      [seen]: 'kept/unconfirmed',
    });
    expect(h.sim.admin.label(seen)).toBeDefined();

    jest.setSystemTime(Date.now() + 30 * MINUTE);
    const fresh = h.sim.admin.createLabel({
      key: 'cape-vip',
      value: 'b',
      createdAt: h.old(),
    }).id;
    const second = await h.sweep();
    expect(await h.outcomesByLabel(second.id)).toEqual({
      [seen]: 'kept/unconfirmed',
      [fresh]: 'kept/unconfirmed',
    });

    jest.setSystemTime(Date.now() + 31 * MINUTE);
    const third = await h.sweep();
    expect(await h.outcomesByLabel(third.id)).toEqual({
      [seen]: 'deleted',
      [fresh]: 'kept/unconfirmed',
    });
  });

  it('forgets a sighting when the label was in use in between', async () => {
    useFakeDate(Date.now());
    h = await createHarness({
      tower: {
        confirmAfter: require('luxon').Duration.fromObject({ hours: 1 }),
      },
    });
    const label = h.sim.admin.createLabel({
      key: 'cape-vip',
      value: 'a',
      createdAt: h.old(),
    }).id;
    await h.sweep();
    const vm = h.sim.admin.createVm({ name: 'vm' }).id;
    h.sim.admin.attach({ labelId: label, vmId: vm });
    jest.setSystemTime(Date.now() + 2 * HOUR);
    await h.sweep();
    h.sim.admin.deleteVm(vm);
    jest.setSystemTime(Date.now() + 2 * HOUR);
    const run = await h.sweep();
    expect(await h.outcomesByLabel(run.id)).toEqual({
      [label]: 'kept/unconfirmed',
    });
  });
});
