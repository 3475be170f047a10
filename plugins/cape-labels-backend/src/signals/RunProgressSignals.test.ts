import type { SignalsService } from '@backstage/plugin-signals-node';
import type { JsonObject } from '@backstage/types';
import type { RunStore } from '../database/RunStore';
import { capturingLogger } from '../__testUtils__/capturingLogger';
import { TOWER_PASSWORD as PASSWORD } from '../__testUtils__/towerLogin';
import {
  createHarness,
  stoppedAfterEach,
  type Harness,
} from '../sweep/__testUtils__/sweepHarness';
import { runProgressSignals } from './RunProgressSignals';

/** A signals service that keeps what it was asked to publish. */
function recordingSignals(fail = false) {
  const published: {
    channel: string;
    recipients: unknown;
    message: JsonObject;
  }[] = [];
  const service: SignalsService = {
    async publish(signal) {
      if (fail) throw new Error('signals down');
      published.push({
        channel: signal.channel,
        recipients: signal.recipients,
        message: signal.message,
      });
    },
  };
  return { service, published };
}

function seedOrphans(h: Harness, n: number) {
  h.sim.admin.createLabels(
    Array.from({ length: n }, (_, i) => ({
      key: 'cape-cluster-name',
      value: `c${i}`,
      createdAt: h.old(),
    })),
  );
}

describe('run progress signals', () => {
  const make = stoppedAfterEach(createHarness);

  /** A harness whose sweeper signals through `runProgressSignals`, as the plugin wires it. */
  function signalling(
    service: SignalsService,
    logger = capturingLogger(),
    store?: (real: RunStore) => RunStore,
  ) {
    const onProgress = runProgressSignals(service, logger);
    return make({
      sweeper: { hooks: { onProgress } },
    }).then(h => {
      if (store) h.configure({ sweeper: { store: store(h.store) } });
      return h;
    });
  }

  it('nudges on the start, every progress write and the end of a run, naming no Tower, run or status', async () => {
    const { service, published } = recordingSignals();
    let progressWrites = 0;
    const h = await signalling(service, capturingLogger(), store =>
      Object.assign(Object.create(store), {
        updateRunCounts: (...args: Parameters<RunStore['updateRunCounts']>) => {
          progressWrites++;
          return store.updateRunCounts(...args);
        },
      }),
    );
    seedOrphans(h, 5);

    const run = await h.sweep();

    expect(run).toMatchObject({ status: 'succeeded', counts: { deleted: 5 } });
    expect(progressWrites).toBeGreaterThan(0);
    // createRun, every progress write, the end
    expect(published).toHaveLength(progressWrites + 2);
    // Broadcast reaches users who may not read t1: what they get names nothing of it.
    for (const signal of published)
      expect(signal).toEqual({
        channel: 'cape-labels:refresh',
        recipients: { type: 'broadcast' },
        message: { type: 'refresh' },
      });
    const everything = JSON.stringify(published);
    for (const secret of ['t1', run.id, 'succeeded', 'running', PASSWORD])
      expect(everything).not.toContain(secret);
  });

  it('publishes nothing for a progress write that failed', async () => {
    const { service, published } = recordingSignals();
    const h = await signalling(service, capturingLogger(), store =>
      Object.assign(Object.create(store), {
        updateRunCounts: async () => {
          throw new Error('database busy');
        },
      }),
    );
    seedOrphans(h, 3);

    const run = await h.sweep();

    expect(run).toMatchObject({ status: 'succeeded', counts: { deleted: 3 } });
    // createRun and the end
    expect(published).toHaveLength(2);
  });

  it('keeps sweeping when publishing fails, and says so in the log', async () => {
    const { service } = recordingSignals(true);
    const logger = capturingLogger();
    const h = await signalling(service, logger);
    seedOrphans(h, 3);

    const run = await h.sweep();

    expect(run).toMatchObject({ status: 'succeeded', counts: { deleted: 3 } });
    expect(logger.lines.some(l => l.includes('could not publish'))).toBe(true);
  });
});
