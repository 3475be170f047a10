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
import { createTowerClient } from '../../cloudtower';
import { towerConnectionOptions } from '../../config/towerConnection';
import type { TowerClient } from '../../cloudtower/types';
import { testTowerConfig } from '../../config/__testUtils__/testTowerConfig';
import type { TowerConfig } from '../../config/types';
import { createRunStore, type RunStore } from '../../database';
import {
  createTestDatabases,
  databaseService,
} from '../../database/__testUtils__/testStore';
import { TowerSweeper, type TowerSweeperOptions } from '../TowerSweeper';
import { capturingLogger } from '../../__testUtils__/capturingLogger';
import { TOWER_PASSWORD } from '../../__testUtils__/towerLogin';

export const HOUR = 3_600_000;

/** A schedule under which every start of the task is a due scheduled sweep. */
export const EVERY_TICK_DUE: TowerConfig['schedule'] = {
  frequency: { milliseconds: 1 },
  timeout: { minutes: 5 },
  initialDelay: { milliseconds: 0 },
  scope: 'global',
};

export function towerConfig(
  server: string,
  over: Partial<TowerConfig> = {},
): TowerConfig {
  return testTowerConfig(
    't1',
    { server, username: 'gc', password: TOWER_PASSWORD },
    { title: 'Tower 1', schedule: EVERY_TICK_DUE, ...over },
  );
}

export type HarnessOptions = {
  simulator?: SimulatorOptions;
  tower?: Partial<TowerConfig>;
  sweeper?: Partial<TowerSweeperOptions>;
  /** Wraps the real client, e.g. to act between two requests. */
  /** Methods to use in place of the real client's, e.g. to act between two requests. */
  wrapClient?: (client: TowerClient) => Partial<TowerClient>;
  /** The store the sweeper sees, e.g. one that also publishes signals. */
  wrapStore?: (store: RunStore) => RunStore;
};

export type Harness = Awaited<ReturnType<typeof createHarness>>;

const databases = createTestDatabases();

/** A simulator, a SQLite store and a sweeper for one Tower, wired as the plugin wires them. */
export async function createHarness(options: HarnessOptions = {}) {
  const sim: RunningSimulator = await startSimulator({
    users: [{ username: 'gc', password: TOWER_PASSWORD, source: 'LOCAL' }],
    ...options.simulator,
  });
  const knex = await databases.init('SQLITE_3');
  const store = await createRunStore({
    database: databaseService(knex),
  });
  const logger = capturingLogger();
  const completed: RunSummary[] = [];
  const audited: LabelOutcome[][] = [];
  const tower = towerConfig(sim.url, options.tower);
  const sweeper = new TowerSweeper({
    tower,
    store: options.wrapStore?.(store) ?? store,
    logger,
    instance: 'test-replica',
    pageSize: 1000,
    batchesInFlight: 4,
    retention: { runs: 200, routineRuns: 1 },
    // Short, so a lost delete answer settles quickly in tests.
    settleMs: 300,
    createClient: t => {
      const client = createTowerClient(
        towerConnectionOptions(t, { requestTimeoutMs: 5000 }),
      );
      return options.wrapClient
        ? overriding(client, options.wrapClient(client))
        : client;
    },
    onRunCompleted: async run => {
      completed.push(run);
    },
    onDeleted: (_t, _runId, deleted) => audited.push(deleted),
    ...options.sweeper,
  });

  /** Old enough by a wide margin. */
  const old = () => new Date(Date.now() - 48 * HOUR).toISOString();

  return {
    sim,
    store,
    logger,
    tower,
    sweeper,
    completed,
    audited,
    old,
    /** Runs the Tower's task once and returns the newest run. */
    async sweep(
      signal: AbortSignal = new AbortController().signal,
    ): Promise<Run> {
      await sweeper.runTask(signal);
      const [latest] = await store.listRuns(tower.id, { limit: 1 });
      return (await store.getRun(latest.id))!;
    },
    async outcomes(runId: string): Promise<LabelOutcome[]> {
      return (await store.listOutcomes(runId, { limit: 100_000, offset: 0 }))
        .items;
    },
    async stop() {
      await sim.stop();
    },
  };
}

/** `{labelId: action/reason}` for compact assertions. */
export function byLabel(outcomes: LabelOutcome[]): Record<string, string> {
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

/** The real client's methods, with `overrides` in place of some. */
export function overriding(
  client: TowerClient,
  overrides: Partial<TowerClient>,
): TowerClient {
  return {
    listLabelPages: client.listLabelPages.bind(client),
    checkLabels: client.checkLabels.bind(client),
    deleteLabelsGuarded: client.deleteLabelsGuarded.bind(client),
    readExistingIds: client.readExistingIds.bind(client),
    readClock: client.readClock?.bind(client),
    close: client.close.bind(client),
    ...overrides,
  };
}
