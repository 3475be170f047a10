import { ConflictError } from '@backstage/errors';
import type { RunStore } from '../database/RunStore';
import {
  at,
  createStore,
  createTestDatabases,
  newRun,
} from '../database/__testUtils__/testStore';
import { onlyDate, SECOND, useFakeDate } from '../__testUtils__/time';
import { triggerRequest } from './TaskTriggers';

const TASK = 'cape-labels:sweep:t1';
const busy = () => new ConflictError(`task ${TASK} is currently running`);

describe('triggerRequest', () => {
  const databases = createTestDatabases();
  let store: RunStore;
  let requestId: string;

  beforeEach(async () => {
    // The runs below start at at(0): alive only while the clock reads about then.
    useFakeDate(at(0));
    ({ store } = await createStore(databases, 'SQLITE_3'));
    ({ id: requestId } = await store.enqueueRequest({
      towerId: 't1',
      trigger: 'manual',
      dryRun: false,
      requestedAt: at(0),
    }));
  });

  afterEach(() => jest.useRealTimers());

  const trigger = (triggerTask: () => Promise<void>) =>
    triggerRequest(
      { scheduler: { triggerTask: jest.fn(triggerTask) }, store },
      TASK,
      't1',
      requestId,
    );

  it('waits for a task that is finishing a run, then triggers it: the request stays', async () => {
    let calls = 0;
    await trigger(async () => {
      calls++;
      if (calls <= 3) throw busy();
    });
    expect(calls).toBe(4);
    expect((await store.nextRequest('t1')) !== undefined).toBe(true);
  });

  it('is done when the busy task takes the request', async () => {
    let calls = 0;
    await trigger(async () => {
      calls++;
      const request = await store.nextRequest('t1');
      await store.takeRequest(request!, newRun('t1', 0, { trigger: 'manual' }));
      throw busy();
    });
    expect(calls).toBe(1);
    expect((await store.nextRequest('t1')) !== undefined).toBe(false);
  });

  it('is done when the busy task claims the request for the sweep it runs first, and never withdraws it', async () => {
    const scheduled = await store.createRun(newRun('t1', 0));
    await trigger(async () => {
      const request = await store.nextRequest('t1');
      await store.claimRequest(request!, scheduled.id);
      throw busy();
    });
    expect(await store.cancelRequest(requestId)).toBe(false);
  });

  it('cancels the request and answers a conflict when the task stays busy past the patience', async () => {
    jest.useFakeTimers({ now: Date.now(), ...onlyDate });
    let calls = 0;
    const started = Date.now();
    await expect(
      trigger(async () => {
        calls++;
        // The clock moves on with each busy answer until the patience runs out.
        jest.setSystemTime(Date.now() + SECOND);
        throw busy();
      }),
    ).rejects.toThrow("Tower 't1' is already sweeping");
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * SECOND);
    expect(calls).toBeGreaterThan(1);
    expect((await store.nextRequest('t1')) !== undefined).toBe(false);
  });

  it('cancels the request and rethrows any other failure at once', async () => {
    let calls = 0;
    await expect(
      trigger(async () => {
        calls++;
        throw new Error('scheduler table unavailable');
      }),
    ).rejects.toThrow('scheduler table unavailable');
    expect(calls).toBe(1);
    expect((await store.nextRequest('t1')) !== undefined).toBe(false);
  });
});
