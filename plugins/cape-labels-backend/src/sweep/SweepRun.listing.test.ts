import type { TowerLabel } from '../cloudtower/TowerClient';
import { sweptKeys } from '../config/types';
import { stubSweepRun } from './__testUtils__/sweepRun';
import { towerLabel } from './__testUtils__/towerLabel';
import type { SweepPolicy } from './decide';
import { RunTally } from './RunTally';
import { BatchPool, prefetched } from './SweepRun';

const running = new AbortController().signal;

describe('progress', () => {
  it('writes the counts at most once a second and announces only a write that succeeded', async () => {
    const written: number[] = [];
    let fail = false;
    const store = {
      updateRunCounts: async (_runId: string, counts: { scanned: number }) => {
        if (fail) throw new Error('database busy');
        written.push(counts.scanned);
      },
    };
    let announced = 0;
    const announce = () => announced++;
    jest.useFakeTimers({ now: Date.now() });
    const run = stubSweepRun({ store, hooks: { onProgress: announce } });
    const { tally } = run;
    tally.counts.scanned = 1;
    await run.writeProgress();
    tally.counts.scanned = 2;
    await run.writeProgress();
    expect(written).toEqual([1]);
    expect(announced).toBe(1);

    jest.setSystemTime(Date.now() + 1000);
    fail = true;
    await run.writeProgress();
    jest.useRealTimers();
    expect(announced).toBe(1);
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

const policy: SweepPolicy = {
  keys: new Set(sweptKeys('cape')),
  cutoffMs: Date.parse('2026-11-29T00:00:00.000Z'),
};

describe('listPages (rule 1: only the swept keys are listed)', () => {
  it('asks for the policy keys and hands the pages out in order', async () => {
    const asked: unknown[] = [];
    const pages = [[towerLabel('a')], [towerLabel('b')]];
    const client = {
      async *listLabelPages(filter: unknown, options: unknown) {
        asked.push(filter, options);
        yield* pages;
      },
    };
    const run = stubSweepRun({ client, tuning: { pageSize: 2 } });
    const { signal } = run;
    const seen: TowerLabel[][] = [];
    for await (const page of run.listPages(policy)) seen.push(page);
    expect(seen).toEqual(pages);
    expect(asked).toEqual([
      { keys: sweptKeys('cape') },
      { pageSize: 2, signal },
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
