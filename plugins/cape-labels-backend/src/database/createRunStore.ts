import type { DatabaseService } from '@backstage/backend-plugin-api';
import type { Knex } from 'knex';
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
 * The store on `db`: each method hands its arguments to its module's function. `clock` decides
 * whether a running run is lost (tests set it). No `this`: a method may be passed on unbound.
 */
function runStoreOn(db: Knex, clock: StoreClock): RunStore {
  return {
    createRun: run => runWrites.createRun(db, run),
    setRunClock: (runId, runClock) =>
      runWrites.setRunClock(db, runId, runClock),
    setRunRelations: (runId, relations) =>
      runWrites.setRunRelations(db, runId, relations),
    updateRunCounts: (runId, counts) =>
      runWrites.updateRunCounts(db, runId, counts),
    heartbeat: (runId, at) => runWrites.heartbeat(db, runId, at),
    finishRun: (runId, end) => runWrites.finishRun(db, runId, end),
    abortLostRuns: (towerId, now) => runWrites.abortLostRuns(db, towerId, now),

    getRun: runId => runReads.getRun(db, clock, runId),
    listRuns: (towerId, options) =>
      runReads.listRuns(db, clock, towerId, options),
    lastRuns: towerIds => runReads.lastRuns(db, clock, towerIds),
    runningTowers: towerIds => runReads.runningTowers(db, clock, towerIds),
    lastScheduledStart: towerId => runReads.lastScheduledStart(db, towerId),
    lastSucceeded: towerIds => runReads.lastSucceeded(db, towerIds),
    pruneRuns: (towerId, keep) => retention.pruneRuns(db, towerId, keep),

    addOutcomes: (runId, outcomes, settles) =>
      outcomeWrites.addOutcomes(db, runId, outcomes, settles),
    recordLateDeletions: (runId, labels, note) =>
      outcomeWrites.recordLateDeletions(db, runId, labels, note),
    listOutcomes: (runId, options) =>
      outcomeReads.listOutcomes(db, runId, options),
    iterateOutcomes: (runId, filter, pageSize) =>
      outcomeReads.iterateOutcomes(db, runId, filter, pageSize),
    topDeletedValues: options => outcomeReads.topDeletedValues(db, options),

    writePendingDeletes: (towerId, runId, labels) =>
      pendingDeletes.writePendingDeletes(db, towerId, runId, labels),
    listPendingDeletes: towerId =>
      pendingDeletes.listPendingDeletes(db, towerId),
    clearPendingDeletes: (runId, labelIds) =>
      pendingDeletes.clearPendingDeletes(db, runId, labelIds),

    getSightings: (towerId, labelIds) =>
      sightings.getSightings(db, towerId, labelIds),
    addSightings: (towerId, labelIds, seenAt) =>
      sightings.addSightings(db, towerId, labelIds, seenAt),
    pruneSightings: (towerId, before) =>
      sightings.pruneSightings(db, towerId, before),

    enqueueRequest: request => requests.enqueueRequest(db, request),
    takeRequest: towerId => requests.takeRequest(db, towerId),
    hasPendingRequest: towerId => requests.hasPendingRequest(db, towerId),
    cancelRequest: requestId => requests.cancelRequest(db, requestId),

    getNotifiedHealth: towerId => notifiedHealth.getNotifiedHealth(db, towerId),
    setNotifiedHealth: (towerId, health, runId, at) =>
      notifiedHealth.setNotifiedHealth(db, towerId, health, runId, at),
  };
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
