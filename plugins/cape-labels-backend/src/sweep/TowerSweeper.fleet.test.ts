import { Duration } from 'luxon';
import type { TowerConfig } from '../config/types';
import { spreadOffset } from './schedule';
import { SweepSlots } from './TowerSweeper';
import { claimant, slotFree } from './__testUtils__/slotClaimants';
import {
  createHarness,
  REQUESTS_ONLY,
  stoppedAfterEach,
} from './__testUtils__/sweepHarness';
import { DAY, HOUR, useFakeDate } from '../__testUtils__/time';

const signal = () => new AbortController().signal;

/** Lets the line's check of whether a Tower is owed settle. */
const settled = () => new Promise(resolve => setImmediate(resolve));

describe('TowerSweeper: a replica of many Towers', () => {
  const make = stoppedAfterEach(createHarness);
  afterEach(() => jest.useRealTimers());

  it('gives the lease back without a run while every slot of the replica is taken, and runs once one is free', async () => {
    const slots = new SweepSlots(1);
    const h = await make({
      tower: { schedule: REQUESTS_ONLY },
      sweeper: { slots },
    });
    h.seedOrphans(2);
    await h.request({ dryRun: false });
    const other = await slots.take(claimant('other', false), signal());
    if (!other.taken) throw new Error('the only slot was free');

    const outcome = await h.sweeper.runTask(signal());
    expect(outcome).toMatchObject({
      handedBack: true,
      reason: 'replica-full',
    });
    // Not a run, not running: the request still waits for whichever replica takes the Tower.
    expect(await h.store.listRuns(h.tower.id, { limit: 5 })).toEqual([]);
    expect(await h.store.runningTowers([h.tower.id])).toEqual(new Set());
    expect(await h.sweeper.owesStart()).toBe(true);
    // Given back again while in the replica's line: not started again, its slot will start it.
    expect(await h.sweeper.runTask(signal())).toEqual({
      handedBack: true,
      reason: 'in-line',
    });

    other.release();
    const freeWhileSweeping: Promise<boolean>[] = [];
    h.configure({
      sweeper: {
        hooks: {
          onProgress: () => {
            freeWhileSweeping.push(slotFree(slots));
          },
        },
      },
    });
    expect(await h.sweeper.runTask(signal())).toEqual({ handedBack: false });
    expect(freeWhileSweeping.length).toBeGreaterThan(0);
    expect(await Promise.all(freeWhileSweeping)).not.toContain(true);
    await settled();
    expect(await slotFree(slots)).toBe(true);
    expect(h.sim.admin.deletedLabels()).toHaveLength(2);
    expect(await h.sweeper.owesStart()).toBe(false);
  }, 30_000);

  it('moves a cron Tower’s sweep by its offset: the tick at the cron time gives the lease back until then', async () => {
    const daily: TowerConfig['schedule'] = {
      frequency: { cron: '0 3 * * *' },
      timeout: { minutes: 5 },
      scope: 'global',
    };
    const startSpread = Duration.fromObject({ minutes: 5 });
    const offset = spreadOffset('t1', daily, startSpread).toMillis();
    expect(offset).toBeGreaterThan(30_000);
    // The test process may run in any zone: take "03:00" in it, a day ahead of the wall clock.
    const local3am = new Date(Date.now() + DAY);
    local3am.setHours(3, 0, 0, 0);
    const t3 = local3am.getTime();
    useFakeDate(t3 - HOUR);
    const h = await make({
      tower: { schedule: daily },
      sweeper: { startSpread },
    });
    jest.setSystemTime(t3 - 1000);
    h.seedOrphans(1);

    expect(await h.sweeper.runTask(signal())).toEqual({
      handedBack: true,
      reason: 'spread',
      retryAt: new Date(t3 + offset),
    });
    expect(await h.store.listRuns(h.tower.id, { limit: 5 })).toEqual([]);
    expect(h.logger.lines.filter(l => l.startsWith('warn'))).toEqual([]);

    jest.setSystemTime(t3 + offset);
    expect(await h.sweeper.runTask(signal())).toEqual({ handedBack: false });
    const runs = await h.store.listRuns(h.tower.id, { limit: 5 });
    expect(runs.map(r => [r.trigger, r.counts.deleted])).toEqual([
      ['schedule', 1],
    ]);
  });
});
