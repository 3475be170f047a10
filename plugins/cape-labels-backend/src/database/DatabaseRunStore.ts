import {
  DatabaseService,
  resolvePackagePath,
} from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import type { Knex } from 'knex';
import type {
  OutcomeFilter,
  SourceCount,
  LabelOutcome,
  Run,
  RunClock,
  RunCounts,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { LostRun, NewRun, RunEnd, RunStore, SweepRequest } from './types';
import * as runs from './runs';
import * as outcomes from './outcomes';
import { topDeletedValues } from './topSources';
import * as sightings from './sightings';
import * as requests from './requests';
import * as pending from './pendingDeletes';
import type { PendingDelete } from './pendingDeletes';

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

/** RunStore on the plugin's database (SQLite or PostgreSQL). */
export class DatabaseRunStore implements RunStore {
  static async create(options: {
    database: DatabaseService;
    skipMigrations?: boolean;
    /** The clock that decides whether a running run is lost (tests). */
    now?: () => Date;
  }): Promise<DatabaseRunStore> {
    const db = await options.database.getClient();
    if (!options.skipMigrations && !options.database.migrations?.skip) {
      await migrateRunStore(db);
    }
    return new DatabaseRunStore(db, options.now);
  }

  constructor(
    private readonly db: Knex,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private now(): number {
    return this.clock().getTime();
  }

  createRun(run: NewRun): Promise<RunSummary> {
    return runs.createRun(this.db, run);
  }

  setRunClock(runId: string, clock: RunClock): Promise<void> {
    return runs.setRunClock(this.db, runId, clock);
  }

  updateRunCounts(runId: string, counts: RunCounts): Promise<void> {
    return runs.updateRunCounts(this.db, runId, counts);
  }

  async finishRun(runId: string, end: RunEnd): Promise<RunSummary> {
    const summary = await runs.finishRun(this.db, runId, end);
    if (!summary) {
      throw new NotFoundError(`run ${runId} not found`);
    }
    return summary;
  }

  heartbeat(runId: string, at: Date): Promise<void> {
    return runs.heartbeat(this.db, runId, at);
  }

  addOutcomes(runId: string, items: LabelOutcome[]): Promise<void> {
    return outcomes.addOutcomes(this.db, runId, items);
  }

  getRun(runId: string): Promise<Run | undefined> {
    return runs.getRun(this.db, runId, this.now());
  }

  listRuns(
    towerId: string,
    options: { limit: number; before?: string },
  ): Promise<RunSummary[]> {
    return runs.listRuns(this.db, towerId, options, this.now());
  }

  lastRuns(towerIds: string[]): Promise<Map<string, RunSummary>> {
    return runs.lastRuns(this.db, towerIds, this.now());
  }

  runningTowers(towerIds: string[]): Promise<Set<string>> {
    return runs.runningTowers(this.db, towerIds, this.now());
  }

  listOutcomes(
    runId: string,
    options: { limit: number; offset: number } & OutcomeFilter,
  ): Promise<{ items: LabelOutcome[]; total: number }> {
    return outcomes.listOutcomes(this.db, runId, options);
  }

  iterateOutcomes(
    runId: string,
    filter: OutcomeFilter,
    pageSize: number,
  ): AsyncIterable<LabelOutcome[]> {
    return outcomes.iterateOutcomes(this.db, runId, filter, pageSize);
  }

  topDeletedValues(options: {
    towerId: string;
    key: string;
    since: Date;
    limit: number;
  }): Promise<SourceCount[]> {
    return topDeletedValues(this.db, options);
  }

  abortLostRuns(towerId: string, now: Date): Promise<LostRun[]> {
    return runs.abortLostRuns(this.db, towerId, now.getTime());
  }

  lastScheduledStart(towerId: string): Promise<Date | undefined> {
    return runs.lastScheduledStart(this.db, towerId);
  }

  writePendingDeletes(
    towerId: string,
    runId: string,
    labels: LabelOutcome[],
  ): Promise<void> {
    return pending.writePendingDeletes(this.db, towerId, runId, labels);
  }

  listPendingDeletes(towerId: string): Promise<PendingDelete[]> {
    return pending.listPendingDeletes(this.db, towerId);
  }

  clearPendingDeletes(runId: string, labelIds: string[]): Promise<void> {
    return pending.clearPendingDeletes(this.db, runId, labelIds);
  }

  recordLateDeletions(
    runId: string,
    labels: LabelOutcome[],
    note: string,
  ): Promise<boolean> {
    return pending.recordLateDeletions(this.db, runId, labels, note);
  }

  getSightings(
    towerId: string,
    labelIds: string[],
  ): Promise<Map<string, Date>> {
    return sightings.getSightings(this.db, towerId, labelIds);
  }

  addSightings(
    towerId: string,
    labelIds: string[],
    seenAt: Date,
  ): Promise<void> {
    return sightings.addSightings(this.db, towerId, labelIds, seenAt);
  }

  pruneSightings(towerId: string, before: Date): Promise<void> {
    return sightings.pruneSightings(this.db, towerId, before);
  }

  enqueueRequest(request: Omit<SweepRequest, 'id'>): Promise<SweepRequest> {
    return requests.enqueueRequest(this.db, request);
  }

  takeRequest(towerId: string): Promise<SweepRequest | undefined> {
    return requests.takeRequest(this.db, towerId);
  }

  hasPendingRequest(towerId: string): Promise<boolean> {
    return requests.hasPendingRequest(this.db, towerId);
  }

  cancelRequest(requestId: string): Promise<boolean> {
    return requests.cancelRequest(this.db, requestId);
  }

  pruneRuns(towerId: string, keep: number): Promise<number> {
    return runs.pruneRuns(this.db, towerId, keep);
  }
}
