import {
  coreServices,
  createServiceFactory,
  type BackendFeature,
} from '@backstage/backend-plugin-api';
import { schedulerServiceFactory } from '@backstage/backend-defaults/scheduler';
import { authServiceFactory } from '@backstage/backend-defaults/auth';
import { httpAuthServiceFactory } from '@backstage/backend-defaults/httpAuth';
import { permissionsServiceFactory } from '@backstage/backend-defaults/permissions';
import { ConfigSources, MutableConfigSource } from '@backstage/config-loader';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
  TestDatabases,
} from '@backstage/backend-test-utils';
import {
  eventsServiceRef,
  type EventParams,
  type EventsService,
} from '@backstage/plugin-events-node';
import type { JsonObject } from '@backstage/types';
import type { Knex } from 'knex';
import {
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '@smartx-cape/cloudtower-simulator';
import {
  CAPE_LABELS_TOPIC_RUN_COMPLETED,
  type Run,
  type RunSummary,
  type TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import request from 'supertest';
import { capeLabelsPlugin } from '../../plugin';
import { defaultCapeLabels } from './capeLabelsConfig';
import { switchablePermissions } from './switchablePermissions';
import { TOWER_USER } from '../../__testUtils__/towerLogin';
import { HOUR } from '../../__testUtils__/time';
import { capturingLogger } from '../../__testUtils__/capturingLogger';
import { until } from '../../__testUtils__/until';
import { setTimeout as sleep } from 'node:timers/promises';

/*
 * The plugin's database, destroyed after the test file: backend.stop() leaves the default
 * database service's knex pool open, and its reaping interval kept jest workers alive.
 */
const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

export {
  acceptingEvents,
  dailySchedule,
  defaultCapeLabels,
  goodAndBadTowers,
  scheduledTower,
  towerEntry,
  WRONG_PASSWORD,
} from './capeLabelsConfig';

export const USER_REF = 'user:default/alice';
export const BASE = '/api/cape-labels';

/** Authorization headers understood by the mock httpAuth service. */
export const auth = {
  user: () => ({ Authorization: mockCredentials.user.header(USER_REF) }),
  service: () => ({ Authorization: mockCredentials.service.header() }),
};

export type CapeBackendOptions = {
  /** The `capeLabels` config block; `null` leaves it out. Default: one Tower `t1` on the simulator. */
  capeLabels?: (simUrl: string) => JsonObject | null;
  simulator?: SimulatorOptions;
  /** Backstage's own scheduler on the test database instead of the mock. */
  realScheduler?: boolean;
  /**
   * Another test backend's database (its `db`), shared: this backend is then a second replica
   * of it. Default: a fresh one.
   */
  database?: () => Promise<Knex>;
  /**
   * Backstage's own auth, httpAuth and permissions services (no mock credentials, the switchable
   * permission unused); `backend` is then the root config's `backend` block, e.g. external access.
   */
  realAuth?: { backend: JsonObject };
  /**
   * Backstage's own permissions service (through the permission backend, which the test adds to
   * `features`, see `permissionBackend.ts`) with the mock auth; the switchable permission unused.
   */
  realPermissions?: boolean;
  /**
   * Leaves `permission.enabled` out of the root config (Backstage's permission framework off, as
   * in a portal that never turned it on). Default: `permission.enabled: true`.
   */
  permissionsOff?: boolean;
  /** More features or service factories (they override the defaults above). */
  features?: BackendFeature[];
};

export type CapeBackend = Awaited<ReturnType<typeof startCapeBackend>>;

/**
 * The plugin in a test backend: mock scheduler (tasks run on triggerTask only, and triggerTask
 * waits for the task), mock events service we can publish to, httpAuth without default
 * credentials (so a request without a header is unauthenticated), all log lines captured.
 */
export async function startCapeBackend(options: CapeBackendOptions = {}) {
  const sim: RunningSimulator = await startSimulator({
    users: [TOWER_USER],
    ...options.simulator,
  });
  const logs: string[] = [];
  const events: EventsService = mockServices.events();
  const completed: RunSummary[] = [];
  await events.subscribe({
    id: 'test-run-completed',
    topics: [CAPE_LABELS_TOPIC_RUN_COMPLETED],
    onEvent: async (params: EventParams) => {
      completed.push(params.eventPayload as RunSummary);
    },
  });
  const scheduler = mockServices.scheduler();
  const permissions = switchablePermissions();
  const capeLabels = (options.capeLabels ?? defaultCapeLabels)(sim.url);
  const authFeatures = options.realAuth
    ? [authServiceFactory, httpAuthServiceFactory, permissionsServiceFactory]
    : [
        mockServices.httpAuth.factory({
          defaultCredentials: mockCredentials.none(),
        }),
        options.realPermissions
          ? permissionsServiceFactory
          : createServiceFactory({
              service: coreServices.permissions,
              deps: {},
              factory: () => permissions.service,
            }),
      ];
  const rootConfig = {
    // Tests wait for first sweeps: no start spread unless a test asks for one.
    ...(capeLabels
      ? { capeLabels: { startSpread: { milliseconds: 0 }, ...capeLabels } }
      : {}),
    ...(options.realAuth ? { backend: options.realAuth.backend } : {}),
    ...(options.permissionsOff ? {} : { permission: { enabled: true } }),
  };
  try {
    const knex = options.database
      ? await options.database()
      : await databases.init('SQLITE_3');
    // A root config that can change while the backend runs, as Backstage's reloads a changed file.
    const configSource = MutableConfigSource.create({ data: rootConfig });
    const config = await ConfigSources.toConfig(configSource);
    const backend = await startTestBackend({
      features: [
        capeLabelsPlugin,
        // The plugin's database is this knex: tests read and seed rows through it.
        mockServices.database.factory({ knex }),
        createServiceFactory({
          service: coreServices.rootConfig,
          deps: {},
          factory: () => config,
        }),
        ...authFeatures,
        createServiceFactory({
          service: coreServices.rootLogger,
          deps: {},
          factory: () => capturingLogger(logs),
        }),
        createServiceFactory({
          service: eventsServiceRef,
          deps: {},
          factory: () => events,
        }),
        options.realScheduler
          ? schedulerServiceFactory
          : createServiceFactory({
              service: coreServices.scheduler,
              deps: {},
              factory: () => scheduler,
            }),
        ...(options.features ?? []),
      ],
    });
    const http = () => request(backend.server);
    /** `GET <path>` under the plugin's base URL as a user (or as `headers` say). */
    const get = (path: string, headers: Record<string, string> = auth.user()) =>
      http().get(`${BASE}${path}`).set(headers);
    /** `POST /towers/:towerId/sweep` as a user (or as `headers` say); await it or `.expect` on it. */
    const postSweep = (
      towerId = 't1',
      body: object = {},
      headers: Record<string, string> = auth.user(),
    ) => http().post(`${BASE}/towers/${towerId}/sweep`).set(headers).send(body);
    /** `POST /towers/:towerId/stop` as a user (or as `headers` say); await it or `.expect` on it. */
    const postStop = (
      towerId = 't1',
      headers: Record<string, string> = auth.user(),
    ) => http().post(`${BASE}/towers/${towerId}/stop`).set(headers);
    const runs = async (towerId = 't1'): Promise<RunSummary[]> =>
      (await get(`/towers/${towerId}/runs?limit=100`).expect(200)).body.items;
    return {
      backend,
      sim,
      logs,
      events,
      scheduler,
      completed,
      /** Set `permission.result` to DENY to refuse everything, or add names to `permission.denied`; `asked` counts decisions. */
      permission: permissions.state,
      http,
      /** A label old enough to be swept (a `cape-namespace` one unless `key` says); its id. */
      oldLabel: (value: string, key = 'cape-namespace') =>
        sim.admin.createLabel({ key, value, createdAt: oldDate() }).id,
      /** The plugin's database (knex). */
      db: async () => knex,
      postSweep,
      postStop,
      get,
      /** A Tower's runs as a user reads them, newest first. */
      runs,
      /** The runs once the one after the `before` earlier ones is running and has scanned labels. */
      runUnderWay: (before: number, towerId = 't1') =>
        until(
          () => runs(towerId),
          r =>
            r.length === before + 1 &&
            r[0].status === 'running' &&
            r[0].counts.scanned > 0,
        ),
      /**
       * The auditor's log lines of `eventId` that say `status`, once there are at least `atLeast`
       * (the auditor logs asynchronously), or after two seconds.
       */
      async audits(eventId: string, status: string, atLeast = 1) {
        const found = () =>
          logs.filter(l => l.includes(eventId) && l.includes(status));
        for (let i = 0; i < 100 && found().length < atLeast; i++)
          await sleep(20);
        return found();
      },
      /** Changes the `capeLabels` block, as an edited config file that Backstage reloads. */
      reloadCapeLabels(next: (simUrl: string) => JsonObject) {
        configSource.setData({
          ...rootConfig,
          capeLabels: { startSpread: { milliseconds: 0 }, ...next(sim.url) },
        });
      },
      /** `GET /towers` as a user. */
      async towers(): Promise<TowerSummary[]> {
        return (await get('/towers').expect(200)).body.items;
      },
      /** Starts a sweep as a user and waits for it (the mock scheduler runs the task inline). */
      async sweep(towerId = 't1', body: object = {}): Promise<Run> {
        const res = await postSweep(towerId, body);
        expect(res.status).toBe(202);
        const latest = await get(`/towers/${towerId}/runs?limit=1`);
        return (await get(`/runs/${latest.body.items[0].id}`)).body as Run;
      },
      async stop() {
        await backend.stop();
        config.close();
        await sim.stop();
      },
    };
  } catch (error) {
    await sim.stop();
    throw error;
  }
}

/**
 * The plugin in a test backend for the tests of one `describe`: started before the first,
 * stopped after the last. Declare it where its options are in scope.
 */
export function backendForDescribe(
  options: CapeBackendOptions = {},
): CapeBackend {
  const backend = {} as CapeBackend;
  // A backend takes a few seconds to start on a busy machine; jest's 5 s hook default is too tight.
  beforeAll(async () => {
    Object.assign(backend, await startCapeBackend(options));
  }, 60_000);
  afterAll(async () => backend.stop?.());
  return backend;
}

/** `createdAt` comfortably older than the default minAge. */
export function oldDate(): string {
  return new Date(Date.now() - 48 * HOUR).toISOString();
}
