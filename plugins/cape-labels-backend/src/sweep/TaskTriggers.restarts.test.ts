import { ConflictError, NotFoundError } from '@backstage/errors';
import { capturingLogger } from '../__testUtils__/capturingLogger';
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
  const options = { logger: capturingLogger(), retryMs: 5, patienceMs: 100 };

  it('triggers again while the lease is still held (ConflictError), until the trigger goes through', async () => {
    const s = scheduler([new ConflictError('busy'), new ConflictError('busy')]);
    const restarts = new TaskRestarts({ ...options, scheduler: s });
    restarts.restartAt('task', new Date(), async () => true);
    await settle(restarts);
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
    const busy = scheduler(Array(1000).fill(new ConflictError('busy')));
    const logger = capturingLogger();
    const restarts = new TaskRestarts({ ...options, logger, scheduler: busy });
    restarts.restartAt('task', new Date(), async () => true);
    const missing = scheduler([new NotFoundError('gone')]);
    const other = new TaskRestarts({ ...options, logger, scheduler: missing });
    other.restartAt('gone', new Date(), async () => true);
    await settle(restarts, 300);
    other.stop();
    expect(busy.calls.length).toBeGreaterThan(2);
    expect(busy.calls.length).toBeLessThan(40);
    expect(missing.calls).toEqual(['gone']);
    expect(logger.lines.filter(l => l.startsWith('warn'))).toEqual([
      expect.stringContaining('Could not start task gone again'),
    ]);
  });
});
