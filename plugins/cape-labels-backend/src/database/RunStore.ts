import {
  DatabaseService,
  resolvePackagePath,
} from '@backstage/backend-plugin-api';
import type { Knex } from 'knex';
import { lastRuns } from './lastRuns';
import type { StoreClock } from './liveness';
import { abortLostRuns } from './lostRuns';
import { iterateOutcomes, listOutcomes } from './outcomeReads';
import { addOutcomes } from './outcomes';
import {
  listPendingDeletes,
  recordLateDeletions,
  writePendingDeletes,
  clearPendingDeletes,
} from './pendingDeletes';
import {
  cancelRequest,
  enqueueRequest,
  hasPendingRequest,
  takeRequest,
} from './requests';
import { pruneRuns } from './retention';
import {
  getRun,
  lastScheduledStart,
  lastSucceeded,
  listRuns,
  runningTowers,
} from './runReads';
import {
  createRun,
  finishRun,
  heartbeat,
  setRunClock,
  setRunRelations,
  updateRunCounts,
} from './runWrites';
import { addSightings, getSightings, pruneSightings } from './sightings';
import { useWriteAheadLog } from './sqliteFile';
import { topDeletedValues } from './topSources';

/*
 * Each store method is its function, declared (and documented) once in the module that holds
 * it, with the database as first parameter; the store binds them to one database.
 */

/** Methods that take the database only. */
const operations = {
  createRun,
  setRunClock,
  setRunRelations,
  updateRunCounts,
  heartbeat,
  finishRun,
  addOutcomes,
  listOutcomes,
  iterateOutcomes,
  topDeletedValues,
  abortLostRuns,
  lastScheduledStart,
  lastSucceeded,
  writePendingDeletes,
  listPendingDeletes,
  clearPendingDeletes,
  recordLateDeletions,
  getSightings,
  addSightings,
  pruneSightings,
  enqueueRequest,
  takeRequest,
  hasPendingRequest,
  cancelRequest,
  pruneRuns,
} satisfies Record<string, (db: Knex, ...args: never[]) => unknown>;

/** Methods that also read the store's clock (a `running` run without heartbeat shows `lost`). */
const clockedOperations = {
  getRun,
  listRuns,
  lastRuns,
  runningTowers,
} satisfies Record<
  string,
  (db: Knex, clock: StoreClock, ...args: never[]) => unknown
>;

type Bound<F> = F extends (db: Knex, ...args: infer A) => infer R
  ? (...args: A) => R
  : never;
type BoundClocked<F> = F extends (
  db: Knex,
  clock: StoreClock,
  ...args: infer A
) => infer R
  ? (...args: A) => R
  : never;

/** Persistence of runs, outcomes, confirmation sightings and pending requests. */
export type RunStore = {
  [K in keyof typeof operations]: Bound<(typeof operations)[K]>;
} & {
  [K in keyof typeof clockedOperations]: BoundClocked<
    (typeof clockedOperations)[K]
  >;
};

type AnyOperation = (...args: unknown[]) => unknown;

/** The store on `db`; `clock` decides whether a running run is lost (tests set it). */
function runStore(db: Knex, clock: StoreClock = () => new Date()): RunStore {
  const store: Record<string, AnyOperation> = {};
  for (const [name, fn] of Object.entries(operations))
    store[name] = (...args) => (fn as AnyOperation)(db, ...args);
  for (const [name, fn] of Object.entries(clockedOperations))
    store[name] = (...args) => (fn as AnyOperation)(db, clock, ...args);
  return store as RunStore;
}

export function migrationsDirectory(): string {
  return resolvePackagePath(
    '@smartx-cape/plugin-cape-labels-backend',
    'migrations',
  );
}

/** Runs the plugin's migrations (idempotent). */
export async function migrateRunStore(db: Knex): Promise<void> {
  await db.migrate.latest({ directory: migrationsDirectory() });
}

/** The store on the plugin's database (SQLite or PostgreSQL), migrated unless told not to. */
export async function createRunStore(options: {
  database: DatabaseService;
  skipMigrations?: boolean;
  /** The clock that decides whether a running run is lost (tests). */
  now?: StoreClock;
}): Promise<RunStore> {
  const db = await options.database.getClient();
  await useWriteAheadLog(db);
  if (!options.skipMigrations && !options.database.migrations?.skip) {
    await migrateRunStore(db);
  }
  return runStore(db, options.now);
}
