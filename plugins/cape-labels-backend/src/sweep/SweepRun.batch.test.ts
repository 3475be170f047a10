import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { Duration } from 'luxon';
import type { TowerClient } from '../cloudtower/TowerClient';
import type { RunStore } from '../database/RunStore';
import { HOUR, useFakeDate } from '../__testUtils__/time';
import {
  createHarness,
  stoppedAfterEach,
  type Harness,
  type HarnessOptions,
} from './__testUtils__/sweepHarness';
import { actions, towerLabel } from './__testUtils__/towerLabel';
import { outcome } from './labelShape';
import { RunTally } from './RunTally';

jest.setTimeout(30_000);

/** A Tower client whose live checks are watched: the ids each asks for, `before` run first. */
function watchingChecks(before: () => void = () => undefined) {
  const asked: string[][] = [];
  const wrapClient = (client: TowerClient): Partial<TowerClient> => ({
    checkLabels: async (ids, signal) => {
      asked.push(ids);
      before();
      return client.checkLabels(ids, signal);
    },
  });
  return { asked, wrapClient };
}

describe('rule 4, the live check', () => {
  const make = stoppedAfterEach(createHarness);
  afterEach(() => jest.useRealTimers());

  it('keeps labels gone, held or counted, and survivors not yet confirmed', async () => {
    useFakeDate(Date.now());
    let changeBeforeCheck = () => {};
    const checks = watchingChecks(() => changeBeforeCheck());
    const h = await make({
      // Counters that never follow: only the live check sees the template.
      simulator: { counterLag: 'never' },
      tower: { confirmAfter: Duration.fromObject({ hours: 1 }) },
      sweeper: { batchesInFlight: 1 },
      wrapClient: checks.wrapClient,
    });
    const { admin } = h.sim;
    const seed = () =>
      admin.createLabel({ key: 'cape-vip', createdAt: h.old() }).id;
    const [gone, counted, orphan] = [seed(), seed(), seed()];
    await h.sweep();
    // Seen for the first time by the next run: not yet confirmed.
    const [held, fresh] = [seed(), seed()];
    const template = admin.createObject('vm_templates').id;
    admin.attach({
      labelId: held,
      relation: 'vm_templates',
      objectId: template,
    });
    changeBeforeCheck = () => {
      admin.deleteLabel(gone);
      admin.setCounters(counted, { total_num: null });
    };
    jest.setSystemTime(Date.now() + 2 * HOUR);
    const run = await h.sweep();

    const names = new Map([
      [gone, 'gone'],
      [held, 'held'],
      [counted, 'counted'],
      [fresh, 'new'],
      [orphan, 'orphan'],
    ]);
    const checked = checks.asked[checks.asked.length - 1];
    expect([...checked].sort()).toEqual([...names.keys()].sort());
    const outcomes = await h.outcomes(run.id);
    expect(outcomes.find(o => o.labelId === held)?.relation).toBe(
      'vm_templates',
    );
    const expected = new Map([
      [gone, 'kept/raced'],
      [held, 'kept/referenced'],
      [counted, 'kept/count-nonzero'],
      [fresh, 'kept/unconfirmed'],
    ]);
    // The kept in the order they were checked, then the one orphan.
    expect(
      actions(outcomes).map(a => a.replace(/^[^:]+/, id => names.get(id)!)),
    ).toEqual([
      ...checked
        .filter(id => expected.has(id))
        .map(id => `${names.get(id)}:${expected.get(id)}`),
      'orphan:deleted',
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
  const make = stoppedAfterEach(createHarness);
  /** A dry run with a cap of one, its two orphans, its checks watched. */
  async function batch(over: HarnessOptions = {}) {
    const checks = watchingChecks();
    const h = await make({
      tower: { dryRun: true, maxDeletesPerRun: 1 },
      wrapClient: checks.wrapClient,
      ...over,
    });
    return { h, checks, labels: h.seedOrphans(2) };
  }

  it('checks, caps, previews and records each label once', async () => {
    const { h, checks } = await batch();
    const run = await h.sweep();
    const [a, b] = checks.asked[0];
    expect(actions(await h.outcomes(run.id))).toEqual([
      `${b}:kept/cap`,
      `${a}:would-delete`,
    ]);
    // No batch failed: only the cap makes the run partial.
    expect(run).toMatchObject({
      status: 'partial',
      counts: { failed: 0, kept: 1, wouldDelete: 1 },
      error: { message: expect.stringContaining('maxDeletesPerRun') },
    });
  });

  it('keeps a label a holder names before the live check, naming the holder', async () => {
    const { h, checks, labels } = await batch();
    const [a, b] = labels;
    const sg = h.sim.admin.createHolder('securityGroups', {
      name: 'web',
      labelIds: [a],
    }).id;
    const run = await h.sweep();
    expect(checks.asked).toEqual([[b]]);
    const outcomes = await h.outcomes(run.id);
    expect(outcomes.find(o => o.labelId === a)).toMatchObject({
      action: 'kept',
      reason: 'referenced',
      relation: 'securityGroups',
      detail: `securityGroups web (${sg})`,
    });
    expect(actions(outcomes)).toContain(`${b}:would-delete`);
  });

  it('a failed live check fails the whole batch and counts a failure', async () => {
    const h = await make({
      tower: { dryRun: true, maxDeletesPerRun: 1 },
      wrapClient: () => ({
        checkLabels: async () => {
          throw new Error('Tower down');
        },
      }),
    });
    const [a, b] = h.seedOrphans(2);
    const run = await h.sweep();
    expect(await h.outcomesByLabel(run.id)).toEqual({
      [a]: 'failed/error',
      [b]: 'failed/error',
    });
    expect(run).toMatchObject({
      status: 'partial',
      counts: { failed: 2 },
      error: { message: 'Tower down' },
    });
  });

  it('outcomes that cannot be written make the run fatal', async () => {
    const { h } = await batch();
    const store: RunStore = Object.assign(Object.create(h.store), {
      addOutcomes: async () => {
        throw new Error('database gone');
      },
    });
    h.configure({ sweeper: { store } });
    const run = await h.sweep();
    expect(run).toMatchObject({
      status: 'failed',
      error: { code: 'STORE_FAILED' },
    });
  });
});
