import type { RunCounts } from '@smartx-cape/plugin-cape-labels-common';
import { Duration } from 'luxon';
import { sweptKeys } from '../config/types';
import type { RunStore } from '../database/RunStore';
import { onlyDate } from '../__testUtils__/time';
import { createHarness, stoppedAfterEach } from './__testUtils__/sweepHarness';
import { RunTally } from './RunTally';
import { BatchPool, prefetched } from './SweepRun';

jest.setTimeout(30_000);

const running = new AbortController().signal;

describe('progress', () => {
  const make = stoppedAfterEach(createHarness);
  afterEach(() => jest.useRealTimers());

  it('writes the counts at most once a second and announces only a write that succeeded', async () => {
    const h = await make({
      tower: { confirmAfter: Duration.fromObject({ hours: 1 }) },
      sweeper: { pageSize: 1, batchesInFlight: 1 },
    });
    h.seedOrphans(3);
    const written: number[] = [];
    let tried = 0;
    let fail = false;
    let pages = 0;
    const base = h.store;
    const store: RunStore = Object.assign(Object.create(base), {
      // Read for each page before its progress: the third page comes a second later.
      getSightings: async (towerId: string, ids: string[]) => {
        if (++pages === 3) {
          jest.setSystemTime(Date.now() + 1000);
          fail = true;
        }
        return base.getSightings(towerId, ids);
      },
      updateRunCounts: async (runId: string, counts: RunCounts) => {
        tried++;
        if (fail) throw new Error('database busy');
        written.push(counts.scanned);
        return base.updateRunCounts(runId, counts);
      },
    });
    const announced: string[] = [];
    h.configure({
      sweeper: {
        store,
        hooks: { onProgress: p => announced.push(p.status) },
      },
    });
    jest.useFakeTimers({ now: Date.now(), ...onlyDate });
    const run = await h.sweep();
    jest.useRealTimers();

    expect(run.counts.scanned).toBe(3);
    expect(written).toEqual([1]);
    expect(tried).toBe(2);
    // The start, the one progress written, the end.
    expect(announced).toEqual(['running', 'running', run.status]);
  });
});

describe('when the listing stops', () => {
  it('goes on while batches succeed, stops (fatal) after three failures in a row', () => {
    const tally = new RunTally();
    const towerDown = () =>
      tally.batchFailed(
        Object.assign(new Error('Tower down'), { code: 'HTTP_503' }),
      );
    towerDown();
    towerDown();
    expect(tally.shouldStop(running)).toBe(false);
    towerDown();
    expect(tally.shouldStop(running)).toBe(true);
    expect(tally.fatal).toEqual({
      message: 'stopped after 3 failed batches in a row: Tower down',
      code: 'HTTP_503',
    });
  });

  it('stops on a fatal error or an abort', () => {
    const aborted = new AbortController();
    aborted.abort();
    expect(new RunTally().shouldStop(aborted.signal)).toBe(true);
    const fatal = new RunTally();
    fatal.fail({ message: 'x' });
    expect(fatal.shouldStop(running)).toBe(true);
  });
});

describe('BatchPool', () => {
  it('keeps at most `size` batches in flight and waits for them all', async () => {
    const pool = new BatchPool(2);
    let inFlight = 0;
    let most = 0;
    const batch = () => async () => {
      most = Math.max(most, ++inFlight);
      await new Promise(resolve => setTimeout(resolve, 5));
      inFlight--;
    };
    for (let i = 0; i < 5; i++) {
      await pool.waitForRoom();
      pool.launch(batch());
    }
    await pool.settled();
    expect(most).toBe(2);
    expect(inFlight).toBe(0);
  });
});

describe('the listing (rule 1: only the swept keys are listed)', () => {
  const make = stoppedAfterEach(createHarness);

  it('asks for the policy keys and hands the pages out in order', async () => {
    const asked: unknown[] = [];
    const pages: string[][] = [];
    const h = await make({
      sweeper: { pageSize: 2, batchesInFlight: 1 },
      wrapClient: client => ({
        async *listLabelPages(filter, options) {
          asked.push(filter, options);
          for await (const page of client.listLabelPages(filter, options)) {
            pages.push(page.map(l => l.id));
            yield page;
          }
        },
      }),
    });
    // Young: each page is recorded kept as it comes, one batch at a time.
    h.sim.admin.createLabels(
      Array.from({ length: 5 }, (_, i) => ({
        key: 'cape-vip',
        value: `10.0.0.${i}`,
        createdAt: new Date().toISOString(),
      })),
    );
    const run = await h.sweep();
    expect(pages.length).toBeGreaterThan(1);
    expect((await h.outcomes(run.id)).map(o => o.labelId)).toEqual(
      pages.flat(),
    );
    expect(asked).toEqual([
      { keys: sweptKeys('cape') },
      { pageSize: 2, signal: expect.any(AbortSignal) },
    ]);
  });
});

async function* numbers(log: string[], failAt?: number) {
  for (let i = 1; i <= 3; i++) {
    log.push(`fetch ${i}`);
    if (i === failAt) throw new Error(`page ${i} failed`);
    yield i;
  }
}

describe('prefetched', () => {
  it('asks for the next item before the current one is consumed', async () => {
    const log: string[] = [];
    for await (const n of prefetched(numbers(log))) {
      await new Promise(r => setTimeout(r, 1));
      log.push(`use ${n}`);
    }
    expect(log).toEqual([
      'fetch 1',
      'fetch 2',
      'use 1',
      'fetch 3',
      'use 2',
      'use 3',
    ]);
  });

  it('passes a failure on when the consumer reaches it', async () => {
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const n of prefetched(numbers([], 2))) seen.push(n);
      })(),
    ).rejects.toThrow('page 2 failed');
    expect(seen).toEqual([1]);
  });

  it('stops quietly when the consumer leaves early, even if the prefetched item fails', async () => {
    const seen: number[] = [];
    for await (const n of prefetched(numbers([], 2))) {
      seen.push(n);
      break;
    }
    expect(seen).toEqual([1]);
  });
});
