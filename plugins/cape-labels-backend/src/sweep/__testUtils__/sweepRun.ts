import { mockServices } from '@backstage/backend-test-utils';
import type { TowerClient } from '../../cloudtower/TowerClient';
import { testTuning } from '../../config/__testUtils__/readTestConfig';
import { testTowerConfig } from '../../config/__testUtils__/testTowerConfig';
import type { SweepTuning } from '../../config/types';
import type { RunStore } from '../../database/RunStore';
import { RefusedLogins } from '../RefusedLogins';
import { SweepRun, type RunStart, type SweeperSettings } from '../SweepRun';

type StubOverrides = Partial<
  Omit<SweeperSettings, 'store' | 'tuning'> & RunStart & { signal: AbortSignal }
> & {
  tuning?: Partial<SweepTuning>;
  /** Only what the step under test calls (the rest is missing). */
  client?: Partial<TowerClient>;
  store?: Partial<RunStore>;
};

/** A run of Tower `t1`, run `r1`, for one step's test: `over` on top. */
export function stubSweepRun(over: StubOverrides = {}): SweepRun {
  const {
    client,
    store,
    signal,
    runId,
    startedAt,
    dryRun,
    keys,
    tuning,
    ...settings
  } = over;
  return new SweepRun(
    {
      tower: testTowerConfig('t1', { server: 'https://tower.test' }),
      logger: mockServices.logger.mock(),
      instance: 'test',
      hooks: {},
      now: () => new Date(),
      shuttingDown: () => false,
      tuning: testTuning(
        {},
        {
          pageSize: 100,
          batchesInFlight: 1,
          settleMs: 0,
          retention: { runs: 10, routineRuns: 10 },
          ...tuning,
        },
      ),
      logins: new RefusedLogins({
        tower: testTowerConfig('t1', { server: 'https://tower.test' }),
        store: (store ?? {}) as RunStore,
        logger: mockServices.logger.mock(),
        now: () => new Date(),
      }),
      // The stubs hold only what the step calls: the types say so, not the objects.
      createClient: () => (client ?? {}) as TowerClient,
      ...settings,
      store: (store ?? {}) as RunStore,
    },
    {
      runId: runId ?? 'r1',
      startedAt: startedAt ?? new Date(),
      dryRun: dryRun ?? false,
      keys: keys ?? [],
    },
    signal ?? new AbortController().signal,
  );
}
