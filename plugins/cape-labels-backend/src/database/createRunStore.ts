import type { DatabaseService } from '@backstage/backend-plugin-api';
import type { Knex } from 'knex';
import { Limiter } from '../lib/limiter';
import type { StoreClock } from './liveness';
import { migrateRunStore } from './migrations';
import * as notifiedHealth from './notifiedHealth';
import * as outcomeReads from './outcomeReads';
import * as outcomeWrites from './outcomeWrites';
import * as pendingDeletes from './pendingDeletes';
import * as requests from './requests';
import * as retention from './retention';
import * as runReads from './runReads';
import * as runWrites from './runWrites';
import type { RunStore } from './RunStore';
import * as sightings from './sightings';
import { useWriteAheadLog } from './sqliteFile';

/**
 * The store on `db`: each method is its module's function given the database first and, for the
 * reads that may find a run lost, `clock` (tests set it) second. No `this`: a method may be
 * passed on unbound.
 */
function runStoreOn(db: Knex, clock: StoreClock): RunStore {
  const onDb =
    <A extends unknown[], R>(fn: (db: Knex, ...args: A) => R) =>
    (...args: A) =>
      fn(db, ...args);
  // The bulk writes of sweeps (outcomes, sightings, write-ahead records, pruning) take at most
  // half of the pool's connections at once: however many sweeps run, the API's reads and the
  // scheduler's queries find a free connection instead of queueing behind them.
  const sweepWrites = new Limiter(Math.max(1, Math.floor(poolSize(db) / 2)));
  const bulkWrite =
    <A extends unknown[], R>(fn: (db: Knex, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const release = await sweepWrites.acquire();
      try {
        return await fn(db, ...args);
      } finally {
        release();
      }
    };
  const onDbAndClock =
    <A extends unknown[], R>(
      fn: (db: Knex, clock: StoreClock, ...args: A) => R,
    ) =>
    (...args: A) =>
      fn(db, clock, ...args);
  return {
    createRun: onDb(runWrites.createRun),
    setRunClock: onDb(runWrites.setRunClock),
    setRunRelations: onDb(runWrites.setRunRelations),
    updateRunCounts: bulkWrite(runWrites.updateRunCounts),
    heartbeat: onDb(runWrites.heartbeat),
    finishRun: onDb(runWrites.finishRun),
    abortLostRuns: onDb(runWrites.abortLostRuns),
    requestStop: onDbAndClock(runWrites.requestStop),
    stoppedBy: onDb(runWrites.stoppedBy),
    withdrawStop: onDb(runWrites.withdrawStop),

    getRun: onDbAndClock(runReads.getRun),
    listRuns: onDbAndClock(runReads.listRuns),
    lastRuns: onDbAndClock(runReads.lastRuns),
    runningTowers: onDbAndClock(runReads.runningTowers),
    lastScheduledStart: onDb(runReads.lastScheduledStart),
    lastSucceeded: onDb(runReads.lastSucceeded),
    pruneRuns: bulkWrite(retention.pruneRuns),

    addOutcomes: bulkWrite(outcomeWrites.addOutcomes),
    recordLateDeletions: bulkWrite(outcomeWrites.recordLateDeletions),
    listOutcomes: onDb(outcomeReads.listOutcomes),
    iterateOutcomes: onDb(outcomeReads.iterateOutcomes),
    topDeletedValues: onDb(outcomeReads.topDeletedValues),

    writePendingDeletes: bulkWrite(pendingDeletes.writePendingDeletes),
    listPendingDeletes: onDb(pendingDeletes.listPendingDeletes),
    clearPendingDeletes: bulkWrite(pendingDeletes.clearPendingDeletes),

    getSightings: onDb(sightings.getSightings),
    addSightings: bulkWrite(sightings.addSightings),
    pruneSightings: bulkWrite(sightings.pruneSightings),

    enqueueRequest: onDb(requests.enqueueRequest),
    takeRequest: onDb(requests.takeRequest),
    hasPendingRequest: onDb(requests.hasPendingRequest),
    cancelRequest: onDb(requests.cancelRequest),

    getNotifiedHealth: onDb(notifiedHealth.getNotifiedHealth),
    setNotifiedHealth: onDb(notifiedHealth.setNotifiedHealth),
  };
}

/** Connections the plugin's knex pool holds at most (knex's default: 10). */
function poolSize(db: Knex): number {
  const pool = db.client.pool as { max?: number } | undefined;
  const configured = (db.client.config as Knex.Config).pool?.max;
  return pool?.max ?? configured ?? 10;
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
  return runStoreOn(db, options.now ?? (() => new Date()));
}
