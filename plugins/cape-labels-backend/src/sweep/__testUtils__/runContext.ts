import { mockServices } from '@backstage/backend-test-utils';
import type { TowerClient } from '../../cloudtower/TowerClient';
import { testTowerConfig } from '../../config/__testUtils__/testTowerConfig';
import type { RunStore } from '../../database';
import type { RunContext } from '../runContext';
import { RunNotes } from '../runNotes';
import { newRunState } from '../sweepResult';

type StubOverrides = Partial<Omit<RunContext, 'client' | 'store'>> & {
  /** Only what the step under test calls (the rest is missing). */
  client?: Partial<TowerClient>;
  store?: Partial<RunStore>;
};

/** A run context of Tower `t1`, run `r1`, for one step's test: `over` on top. */
export function stubRunContext(over: StubOverrides = {}): RunContext {
  const logger = mockServices.logger.mock();
  const run = {
    tower: testTowerConfig('t1', { server: 'https://tower.test' }),
    store: {},
    logger,
    instance: 'test',
    hooks: {},
    now: () => new Date(),
    shuttingDown: () => false,
    pageSize: 100,
    batchesInFlight: 1,
    settleMs: 0,
    maxClockAheadMs: 600_000,
    retention: { runs: 10, routineRuns: 10 },
    createClient: () => {
      throw new Error('a step is given its run client');
    },
    runId: 'r1',
    startedAt: new Date(),
    dryRun: false,
    client: {},
    notes: new RunNotes(logger, 'Tower t1: run r1'),
    state: newRunState(),
    signal: new AbortController().signal,
    ...over,
  };
  // The stubs hold only what the step calls: the types say so, not the objects.
  return run as unknown as RunContext;
}
