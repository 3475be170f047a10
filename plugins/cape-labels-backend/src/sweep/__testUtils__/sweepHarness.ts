import { mockServices } from '@backstage/backend-test-utils';
import {
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '@smartx-cape/cloudtower-simulator';
import type {
  LabelOutcome,
  Run,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerClient } from '../../cloudtower/TowerClient';
import { overriding } from './clientOverrides';
import {
  EVERY_START_DUE,
  testTowerConfig,
} from '../../config/__testUtils__/testTowerConfig';
import { testTuning } from '../../config/__testUtils__/readTestConfig';
import type { SweepTuning, TowerConfig } from '../../config/types';
import { openRunStore } from '../../database/RunStore';
import {
  type NewRun,
  type RunStore,
  type SweepRequest,
} from '../../database/RunStore';
import { createTestDatabases } from '../../database/__testUtils__/testStore';
import type { SweeperHooks } from '../sweeperHooks';
import { towerClientFactory } from '../SweepCoordinator';
import { TowerSweeper, type TowerSweeperOptions } from '../TowerSweeper';
import { capturingLogger } from '../../__testUtils__/capturingLogger';
import { TOWER_USER } from '../../__testUtils__/towerLogin';
import { HOUR } from '../../__testUtils__/time';

/** A schedule that is never due: every start of the task runs the requests waiting, only. */
export const REQUESTS_ONLY: TowerConfig['schedule'] = {
  frequency: { trigger: 'manual' },
  timeout: { minutes: 5 },
  scope: 'global',
};

/** The harness's Tower `t1` on `server`: every start of its task a due scheduled sweep. */
export function towerConfig(
  server: string,
  over: Partial<TowerConfig> = {},
): TowerConfig {
  return testTowerConfig(
    't1',
    { server, schedule: EVERY_START_DUE },
    { title: 'Tower 1', ...over },
  );
}

/** What a test may set on the harness's sweeper; `configure` changes it between runs. */
export type HarnessSweeper = Partial<SweepTuning> &
  Partial<Pick<TowerSweeperOptions, 'store' | 'slots' | 'startSpread'>> & {
    /** Beside the harness's own (which fill `completed` and `audited`). */
    hooks?: SweeperHooks;
  };

export type HarnessOptions = {
  simulator?: SimulatorOptions;
  tower?: Partial<TowerConfig>;
  sweeper?: HarnessSweeper;
  /** Methods to use in place of the real client's, e.g. to act between two requests. */
  wrapClient?: (client: TowerClient) => Partial<TowerClient>;
};

export type Harness = Awaited<ReturnType<typeof createHarness>>;

const databases = createTestDatabases();

/**
 * The plugin's tuning with fewer requests in flight and a shorter timeout; a short settle window,
 * so a lost answer settles quickly.
 */
function harnessTuning({
  requestsInFlight = 4,
  ...over
}: Partial<SweepTuning>): SweepTuning {
  return testTuning(
    { requestsInFlight, requestTimeout: { seconds: 5 } },
    { settleMs: 300, ...over },
  );
}

/** A simulator, a SQLite store and a sweeper for one Tower, built as the plugin builds them. */
export async function createHarness(options: HarnessOptions = {}) {
  const sim: RunningSimulator = await startSimulator({
    users: [TOWER_USER],
    ...options.simulator,
  });
  const knex = await databases.init('SQLITE_3');
  const baseStore = await openRunStore({
    database: mockServices.database({ knex }),
  });
  const logger = capturingLogger();
  const completed: RunSummary[] = [];
  const audited: LabelOutcome[][] = [];
  const { wrapClient } = options;
  let tower = towerConfig(sim.url, options.tower);
  let setting: HarnessSweeper = options.sweeper ?? {};
  const build = () => {
    const { store, hooks, slots, startSpread, ...tuning } = setting;
    const sweepTuning = harnessTuning(tuning);
    const realClient = towerClientFactory(tower, sweepTuning, { logger });
    return new TowerSweeper({
      tower,
      store: store ?? baseStore,
      logger,
      instance: 'test-replica',
      tuning: sweepTuning,
      slots,
      startSpread,
      createClient: () => {
        const client = realClient();
        return wrapClient ? overriding(client, wrapClient(client)) : client;
      },
      hooks: {
        onRunCompleted: async run => {
          completed.push(run);
        },
        onDeleted: (_runId, deleted) => audited.push(deleted),
        ...hooks,
      },
    });
  };
  let sweeper = build();

  /** Old enough by a wide margin. */
  const old = () => new Date(Date.now() - 48 * HOUR).toISOString();

  const harness = {
    sim,
    /** `n` orphans of `key` old enough to go; their ids. */
    seedOrphans(n: number, key = 'cape-cluster-name'): string[] {
      return sim.admin
        .createLabels(
          Array.from({ length: n }, (_, i) => ({
            key,
            value: `${key}-${i}`,
            createdAt: old(),
          })),
        )
        .map(l => l.id);
    },
    logger,
    completed,
    audited,
    old,
    get tower(): TowerConfig {
      return tower;
    },
    get sweeper(): TowerSweeper {
      return sweeper;
    },
    /** The store the sweeper writes to. */
    get store(): RunStore {
      return setting.store ?? baseStore;
    },
    /**
     * A new sweeper on the same simulator, with the Tower or the sweeper's options changed
     * (`tower` replaces the Tower whole; `sweeper` is merged into the current options).
     */
    configure(change: { tower?: TowerConfig; sweeper?: HarnessSweeper }) {
      tower = change.tower ?? tower;
      setting = { ...setting, ...change.sweeper };
      sweeper = build();
    },
    /** Runs the Tower's task once and returns the newest run. */
    async sweep(
      signal: AbortSignal = new AbortController().signal,
    ): Promise<Run> {
      await sweeper.runTask(signal);
      const [latest] = await harness.store.listRuns(tower.id, { limit: 1 });
      return (await harness.store.getRun(latest.id))!;
    },
    /** A request waiting for the Tower's task: a user's preview unless `over` says otherwise. */
    request(
      over: Partial<
        Pick<SweepRequest, 'trigger' | 'requestedBy' | 'dryRun'>
      > = {},
    ) {
      return harness.store.enqueueRequest({
        towerId: tower.id,
        trigger: 'manual',
        // An event has no requester.
        ...(over.trigger === 'event'
          ? {}
          : { requestedBy: 'user:default/ops' }),
        dryRun: true,
        requestedAt: new Date(),
        ...over,
      });
    },
    /** A run another replica started an hour ago and left `running` (it may be lost). */
    leftRunning(
      over: Partial<Pick<NewRun, 'trigger' | 'requestedBy' | 'instance'>> = {},
    ) {
      return harness.store.createRun({
        towerId: tower.id,
        trigger: 'schedule',
        dryRun: false,
        instance: 'other',
        startedAt: new Date(Date.now() - HOUR),
        settings: {
          minAge: 'PT24H',
          confirmAfter: 'PT0S',
          maxDeletesPerRun: 1,
          keys: [],
        },
        ...over,
      });
    },
    /** The ids Tower has deleted so far, sorted. */
    deletedIds(): string[] {
      return sim.admin
        .deletedLabels()
        .map(d => d.id)
        .sort();
    },
    /** A run's outcomes as `{labelId: action/reason}`. */
    async outcomesByLabel(runId: string): Promise<Record<string, string>> {
      return byLabel(await harness.outcomes(runId));
    },
    async outcomes(runId: string): Promise<LabelOutcome[]> {
      return (
        await harness.store.listOutcomes(runId, { limit: 100_000, offset: 0 })
      ).items;
    },
    async stop() {
      await sim.stop();
    },
  };
  return harness;
}

/** `{labelId: action/reason}` for compact assertions. */
function byLabel(outcomes: LabelOutcome[]): Record<string, string> {
  return Object.fromEntries(
    outcomes.map(o => [
      o.labelId,
      o.reason ? `${o.action}/${o.reason}` : o.action,
    ]),
  );
}

/** Wraps a harness factory so that every harness it makes is stopped after each test. */
export function stoppedAfterEach<A extends unknown[]>(
  create: (...args: A) => Promise<Harness>,
): (...args: A) => Promise<Harness> {
  const open: Harness[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map(h => h.stop()));
  });
  return async (...args: A) => {
    const h = await create(...args);
    open.push(h);
    return h;
  };
}
