import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerClient } from '../cloudtower/TowerClient';

import {
  createHarness,
  stoppedAfterEach,
  type Harness,
} from './__testUtils__/sweepHarness';

/**
 * A sweep of 30 orphans in batches of 5, stopped by `stop` while its first live check is in
 * flight (so the sweep sees the abort before its next batch).
 */
async function sweepStoppedMidway(
  make: typeof createHarness,
  stop: (h: Harness) => void,
) {
  const cancelled: RunSummary[] = [];
  let stopped = false;
  const h: Harness = await make({
    sweeper: {
      pageSize: 5,
      batchesInFlight: 1,
      hooks: { onCancelled: run => cancelled.push(run) },
    },
    wrapClient: (client: TowerClient) => ({
      checkLabels: async (ids, signal) => {
        if (!stopped) {
          stopped = true;
          stop(h);
        }
        return client.checkLabels(ids, signal);
      },
    }),
  });
  h.sim.admin.createLabels(
    Array.from({ length: 30 }, (_, i) => ({
      key: 'cape-vip',
      value: `10.0.0.${i}`,
      createdAt: h.old(),
    })),
  );
  return { h, cancelled };
}

describe('TowerSweeper: a run stopped by the scheduler or by a shutdown', () => {
  const make = stoppedAfterEach(createHarness);

  it('the scheduler aborting the task (its /cancel endpoint) is noted on the run and told to onCancelled', async () => {
    const task = new AbortController();
    const { h, cancelled } = await sweepStoppedMidway(make, () => task.abort());
    const run = await h.sweep(task.signal);
    expect(run).toMatchObject({
      status: 'aborted',
      notes: [{ code: 'CANCELLED_BY_SCHEDULER', message: expect.any(String) }],
    });
    expect(run.counts.deleted).toBeLessThan(30);
    expect(cancelled.map(r => [r.id, r.status])).toEqual([[run.id, 'aborted']]);
  });

  it('a shutdown is not: no note, no onCancelled', async () => {
    const { h, cancelled } = await sweepStoppedMidway(make, harness => {
      // Not awaited: shutdown waits for the very sweep that calls it.
      harness.sweeper.shutdown().catch(() => undefined);
    });
    const run = await h.sweep();
    expect(run.status).toBe('aborted');
    expect(run.notes).toBeUndefined();
    expect(cancelled).toEqual([]);
  });

  it('a stop through the plugin ends that start of the task: a request waiting behind the stopped sweep is recorded aborted, not run', async () => {
    let asked = false;
    // Slow enough for the run's heartbeat (every second) to find the stop.
    const slowly = () => new Promise(resolve => setTimeout(resolve, 300));
    const h = await make({
      tower: {
        schedule: {
          frequency: { hours: 24 },
          timeout: { minutes: 5 },
          initialDelay: { seconds: 0 },
          scope: 'global',
        },
      },
      sweeper: { pageSize: 5, batchesInFlight: 1 },
      wrapClient: (client: TowerClient) => ({
        checkLabels: async (ids, signal) => {
          if (!asked) {
            asked = true;
            await h.store.requestStop(h.tower.id, 'user:default/alice');
          }
          await slowly();
          return client.checkLabels(ids, signal);
        },
        deleteLabelsGuarded: async (input, signal) => {
          await slowly();
          return client.deleteLabelsGuarded(input, signal);
        },
      }),
    });
    h.sim.admin.createLabels(
      Array.from({ length: 40 }, (_, i) => ({
        key: 'cape-vip',
        value: `10.0.1.${i}`,
        createdAt: h.old(),
      })),
    );
    await h.request();
    await h.sweeper.runTask(new AbortController().signal);

    const runs = (await h.store.listRuns(h.tower.id, { limit: 5 })).reverse();
    expect(runs.map(r => [r.trigger, r.status])).toEqual([
      ['schedule', 'aborted'],
      ['manual', 'aborted'],
    ]);
    expect(runs[0].notes).toEqual([
      expect.objectContaining({ code: 'STOPPED' }),
    ]);
    expect(runs[0].counts.deleted).toBeLessThan(40);
    expect(runs[1].counts.scanned).toBe(0);
  });
});
