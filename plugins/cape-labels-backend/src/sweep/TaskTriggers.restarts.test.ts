import { ConflictError, NotFoundError } from '@backstage/errors';
import { setTimeout as sleep } from 'node:timers/promises';
import { capturingLogger } from '../__testUtils__/capturingLogger';
import { onlyDate, SECOND } from '../__testUtils__/time';
import { until } from '../__testUtils__/until';
import { TaskRestarts } from './TaskTriggers';

/** A scheduler whose trigger answers as `answers` says, in turn (then succeeds). */
function scheduler(answers: Array<Error | undefined>) {
  const calls: string[] = [];
  return {
    calls,
    triggerTask: async (id: string) => {
      calls.push(id);
      const answer = answers.shift();
      if (answer) throw answer;
    },
  };
}

async function settle(restarts: TaskRestarts, ms = 200) {
  await new Promise(resolve => setTimeout(resolve, ms));
  restarts.stop();
}

describe('TaskRestarts', () => {
  const options = { logger: capturingLogger() };
  afterEach(() => jest.useRealTimers());

  it('triggers again while the lease is still held (ConflictError), until the trigger goes through', async () => {
    const s = scheduler([new ConflictError('busy'), new ConflictError('busy')]);
    const restarts = new TaskRestarts({ ...options, scheduler: s });
    restarts.restartAt('task', new Date(), async () => true);
    await settle(restarts, SECOND);
    expect(s.calls).toEqual(['task', 'task', 'task']);
  });

  it('waits until the time asked', async () => {
    const s = scheduler([]);
    const restarts = new TaskRestarts({ ...options, scheduler: s });
    restarts.restartAt('task', new Date(Date.now() + 150), async () => true);
    await new Promise(resolve => setTimeout(resolve, 50));
    expect(s.calls).toEqual([]);
    await settle(restarts, 200);
    expect(s.calls).toEqual(['task']);
  });

  it('does not trigger a start no longer owed, nor after shutdown', async () => {
    const s = scheduler([]);
    const restarts = new TaskRestarts({ ...options, scheduler: s });
    restarts.restartAt('done', new Date(), async () => false);
    restarts.restartAt('later', new Date(Date.now() + 50), async () => true);
    restarts.stop();
    restarts.restartAt('after', new Date(), async () => true);
    await settle(restarts, 100);
    expect(s.calls).toEqual([]);
  });

  it('leaves the start to the replica holding the lease after the patience, and logs another failure', async () => {
    jest.useFakeTimers({ now: Date.now(), ...onlyDate });
    const busy = scheduler(Array(1000).fill(new ConflictError('busy')));
    const logger = capturingLogger();
    const restarts = new TaskRestarts({ logger, scheduler: busy });
    restarts.restartAt('task', new Date(), async () => true);
    const missing = scheduler([new NotFoundError('gone')]);
    const other = new TaskRestarts({ logger, scheduler: missing });
    other.restartAt('gone', new Date(), async () => true);
    expect(
      await until(
        async () => busy.calls.length,
        calls => calls > 2,
        5 * SECOND,
      ),
    ).toBeGreaterThan(2);
    jest.setSystemTime(Date.now() + 10 * SECOND);
    // The try under way when the patience ran out is the last one.
    await sleep(SECOND / 2);
    const tried = busy.calls.length;
    await settle(restarts, SECOND / 2);
    other.stop();
    expect(busy.calls.length).toBe(tried);
    expect(missing.calls).toEqual(['gone']);
    expect(logger.lines.filter(l => l.startsWith('warn'))).toEqual([
      expect.stringContaining('Could not start task gone again'),
    ]);
  });
});
