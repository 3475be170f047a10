import { emptyRunCounts } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerConfig } from '../config/types';
import { EXTERNAL_START_GAP_MS } from './TowerSweeper';
import {
  createHarness,
  stoppedAfterEach,
  type Harness,
} from './__testUtils__/sweepHarness';
import { MINUTE, useFakeDate } from '../__testUtils__/time';

/** Once a day, first run due at once: a second start the same day is not the schedule's. */
const DAILY: TowerConfig['schedule'] = {
  frequency: { hours: 24 },
  timeout: { minutes: 5 },
  initialDelay: { seconds: 0 },
  scope: 'global',
};

function seedOrphans(h: Harness, n: number, prefix = 'c'): string[] {
  return h.sim.admin
    .createLabels(
      Array.from({ length: n }, (_, i) => ({
        key: 'cape-cluster-name',
        value: `${prefix}${i}`,
        createdAt: h.old(),
      })),
    )
    .map(l => l.id);
}

const start = (h: Harness) => h.sweeper.runTask(new AbortController().signal);

/** The clock from now on runs `ms` ahead of the wall clock. */
function laterBy(ms: number) {
  useFakeDate(Date.now() + ms, { running: true });
}

async function runs(h: Harness) {
  return (await h.store.listRuns(h.tower.id, { limit: 20 }))
    .reverse()
    .map(r => [r.trigger, r.dryRun, r.counts.deleted, r.counts.candidates]);
}

describe('TowerSweeper: what a start of the task runs', () => {
  const make = stoppedAfterEach(createHarness);
  afterEach(() => jest.useRealTimers());

  it('runs both a pending preview and the scheduled sweep at a scheduled tick', async () => {
    const h = await make({ tower: { schedule: DAILY } });
    seedOrphans(h, 3);
    await h.request();
    await start(h);
    expect(await runs(h)).toEqual([
      ['schedule', false, 3, 3],
      ['manual', true, 0, 0],
    ]);
    expect(h.sim.admin.deletedLabels()).toHaveLength(3);
    expect((await h.store.nextRequest(h.tower.id)) !== undefined).toBe(false);
  });

  it('only previews, recorded external, a start the schedule did not make due with nothing pending', async () => {
    const h = await make({ tower: { schedule: DAILY } });
    seedOrphans(h, 2, 'a');
    await start(h);
    seedOrphans(h, 4, 'b');
    laterBy(EXTERNAL_START_GAP_MS + 1000);
    await start(h);
    expect(await runs(h)).toEqual([
      ['schedule', false, 2, 2],
      ['external', true, 0, 4],
    ]);
    expect(h.sim.admin.deletedLabels()).toHaveLength(2);
    expect(
      h.logger.lines.some(
        l => l.startsWith('warn') && l.includes('preview only'),
      ),
    ).toBe(true);
  });

  it('runs nothing and records nothing for an external start within 5 minutes of the last run start', async () => {
    const h = await make({ tower: { schedule: DAILY } });
    await start(h);
    seedOrphans(h, 3);
    laterBy(EXTERNAL_START_GAP_MS - MINUTE);
    const towerRequests = h.sim.admin.requestLog().length;
    await start(h);
    await start(h);
    expect(await runs(h)).toEqual([['schedule', false, 0, 0]]);
    expect(
      h.logger.lines.filter(
        l => l.startsWith('warn') && l.includes('nothing run'),
      ),
    ).toHaveLength(2);
    // Not even a login: Tower is not asked anything.
    expect(h.sim.admin.requestLog()).toHaveLength(towerRequests);
  });

  it('runs a permitted request as asked when the schedule is not due', async () => {
    const h = await make({ tower: { schedule: DAILY } });
    await start(h);
    seedOrphans(h, 2);
    await h.request({ trigger: 'event', dryRun: false });
    await start(h);
    expect(await runs(h)).toEqual([
      ['schedule', false, 0, 0],
      ['event', false, 2, 2],
    ]);
  });

  it('still owes the scheduled sweep after one that a lost replica left unfinished', async () => {
    const h = await make({ tower: { schedule: DAILY } });
    // Left running by a replica that died: this start records it aborted, so its work is owed.
    await h.leftRunning();
    seedOrphans(h, 2);
    await start(h);
    expect(await runs(h)).toEqual([
      ['schedule', false, 0, 0],
      ['schedule', false, 2, 2],
    ]);
  });

  it('redoes a permitted request that a lost replica left unfinished', async () => {
    const h = await make({ tower: { schedule: DAILY } });
    await start(h);
    await h.leftRunning({
      trigger: 'manual',
      requestedBy: 'user:default/ops',
      instance: 'dead',
    });
    seedOrphans(h, 2);
    await start(h);
    const [redo, dead] = await h.store.listRuns(h.tower.id, { limit: 2 });
    expect(dead).toMatchObject({ status: 'aborted', trigger: 'manual' });
    expect(redo).toMatchObject({
      trigger: 'manual',
      requestedBy: 'user:default/ops',
      dryRun: false,
      status: 'succeeded',
      counts: { deleted: 2 },
    });
  });

  it('leaves a running run with a recent heartbeat alone (it may still be finishing elsewhere) and starts only once it has ended', async () => {
    const h = await make();
    const finishing = await h.leftRunning();
    await h.store.heartbeat(finishing.id, new Date());
    const started = start(h);
    await new Promise(r => setTimeout(r, 1500));
    await h.store.heartbeat(finishing.id, new Date());
    expect((await h.store.getRun(finishing.id))?.status).toBe('running');
    const ended = await h.store.finishRun(finishing.id, {
      status: 'succeeded',
      finishedAt: new Date(),
      counts: emptyRunCounts(),
    });
    await started;

    const [next] = await h.store.listRuns(h.tower.id, { limit: 1 });
    expect(next.id).not.toBe(finishing.id);
    expect(Date.parse(next.startedAt)).toBeGreaterThanOrEqual(
      Date.parse(ended.finishedAt!),
    );
    expect((await h.store.getRun(finishing.id))?.status).toBe('succeeded');
  }, 20_000);

  it('gives the lease back, starting nothing, when a run the lease no longer covers is still alive after the wait for it', async () => {
    const h = await make({
      sweeper: { requestTimeoutMs: 200, settleMs: 100 },
    });
    const alive = await h.leftRunning();
    const beat = () => h.store.heartbeat(alive.id, new Date());
    await beat();
    const heartbeat = setInterval(beat, 500);
    try {
      const outcome = await start(h);
      expect(outcome).toMatchObject({
        handedBack: true,
        reason: 'previous-run',
      });
    } finally {
      clearInterval(heartbeat);
    }
    const left = await h.store.listRuns(h.tower.id, { limit: 5 });
    expect(left.map(r => [r.id, r.status])).toEqual([[alive.id, 'running']]);
  }, 30_000);
});

describe('TowerSweeper: heartbeat', () => {
  const make = stoppedAfterEach(createHarness);

  it('writes a heartbeat on its run while it sweeps, whatever Tower pace, and stops after', async () => {
    const beats: Array<{ runId: string; at: number }> = [];
    const h = await make({
      simulator: { faults: { latencyMs: 300 } },
      sweeper: { pageSize: 5 },
    });
    const heartbeat = h.store.heartbeat.bind(h.store);
    h.store.heartbeat = async (runId, at) => {
      beats.push({ runId, at: at.getTime() });
      return heartbeat(runId, at);
    };
    seedOrphans(h, 6);
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(beats.length).toBeGreaterThan(0);
    expect(beats.every(b => b.runId === run.id)).toBe(true);
    const after = beats.length;
    await new Promise(r => setTimeout(r, 1200));
    expect(beats).toHaveLength(after);
  }, 20_000);
});
