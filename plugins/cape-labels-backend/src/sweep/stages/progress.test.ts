import { BatchPool } from './batchPool';
import { shouldStop, writeProgress } from './progress';
import { newRunState } from './runState';

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
    const state = newRunState();
    let announced = 0;
    const announce = () => announced++;
    state.counts.scanned = 1;
    await writeProgress({ store, runId: 'r1' }, state, announce);
    state.counts.scanned = 2;
    await writeProgress({ store, runId: 'r1' }, state, announce);
    expect(written).toEqual([1]);
    expect(announced).toBe(1);

    state.lastProgressMs = 0;
    fail = true;
    await writeProgress({ store, runId: 'r1' }, state, announce);
    expect(announced).toBe(1);
  });
});

describe('when the listing stops', () => {
  it('goes on while batches succeed, stops (fatal) after three failures in a row', () => {
    const state = { ...newRunState(), consecutiveFailures: 2 };
    expect(shouldStop(state, running)).toBe(false);
    state.consecutiveFailures = 3;
    state.lastBatchError = { message: 'Tower down', code: 'HTTP_503' };
    expect(shouldStop(state, running)).toBe(true);
    expect(state.fatal).toEqual({
      message: 'stopped after 3 failed batches in a row: Tower down',
      code: 'HTTP_503',
    });
  });

  it('stops on a fatal error or an abort', () => {
    const aborted = new AbortController();
    aborted.abort();
    expect(shouldStop(newRunState(), aborted.signal)).toBe(true);
    expect(
      shouldStop({ ...newRunState(), fatal: { message: 'x' } }, running),
    ).toBe(true);
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
