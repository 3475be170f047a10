import type {
  LabelOutcome,
  OutcomeFilter,
  SourceCount,
  Run,
  RunClock,
  RunCounts,
  RunSettings,
  RunStatus,
  RunSummary,
  RunTrigger,
} from '@smartx-cape/plugin-cape-labels-common';

export type NewRun = {
  towerId: string;
  trigger: RunTrigger;
  requestedBy?: string;
  dryRun: boolean;
  instance: string;
  startedAt: Date;
  settings: RunSettings;
};

export type RunEnd = {
  status: Exclude<RunStatus, 'running' | 'lost'>;
  finishedAt: Date;
  counts: RunCounts;
  error?: { message: string; code?: string };
  notes?: string[];
};

/** A run found lost and recorded aborted: what it was doing. */
export type LostRun = {
  id: string;
  trigger: RunTrigger;
  requestedBy?: string;
  dryRun: boolean;
};

export type { PendingDelete } from './pendingDeletes';
import type { PendingDelete } from './pendingDeletes';

/** A request for a sweep (card or events bus) waiting for the Tower's lease holder. */
export type SweepRequest = {
  id: string;
  towerId: string;
  trigger: Exclude<RunTrigger, 'schedule' | 'external'>;
  requestedBy?: string;
  dryRun: boolean;
  requestedAt: Date;
};

/** Persistence of runs, outcomes, confirmation sightings and pending requests. */
export interface RunStore {
  createRun(run: NewRun): Promise<RunSummary>;
  /** Whose clock the run's age cutoff is taken on (the card shows it). */
  setRunClock(runId: string, clock: RunClock): Promise<void>;
  /** Progress while running (the card shows it). */
  updateRunCounts(runId: string, counts: RunCounts): Promise<void>;
  /** Proof of life, every second while the run is `running`. */
  heartbeat(runId: string, at: Date): Promise<void>;
  finishRun(runId: string, end: RunEnd): Promise<RunSummary>;
  /**
   * Appends outcomes in batches; never loads them all. In the same transaction, forgets the
   * sightings (rule 6) of labels kept `referenced`, `count-nonzero` or `young`.
   */
  addOutcomes(runId: string, outcomes: LabelOutcome[]): Promise<void>;

  getRun(runId: string): Promise<Run | undefined>;
  /** Newest first; `before` is a run id (keyset). */
  listRuns(
    towerId: string,
    options: { limit: number; before?: string },
  ): Promise<RunSummary[]>;
  /** Newest run of each Tower (one indexed query). */
  lastRuns(towerIds: string[]): Promise<Map<string, RunSummary>>;
  /** Towers with a live run (`running`, recent heartbeat). */
  runningTowers(towerIds: string[]): Promise<Set<string>>;
  listOutcomes(
    runId: string,
    options: { limit: number; offset: number } & OutcomeFilter,
  ): Promise<{ items: LabelOutcome[]; total: number }>;
  /** The run's outcomes that pass `filter`, oldest first, one page of `pageSize` at a time. */
  iterateOutcomes(
    runId: string,
    filter: OutcomeFilter,
    pageSize: number,
  ): AsyncIterable<LabelOutcome[]>;

  /**
   * The values of `key` whose labels the Tower's runs started since `since` deleted most
   * (at most `limit`, most first).
   */
  topDeletedValues(options: {
    towerId: string;
    key: string;
    since: Date;
    limit: number;
  }): Promise<SourceCount[]>;

  /**
   * Marks the Tower's lost runs (`running`, heartbeat stopped) `aborted`: called by the holder
   * of the Tower's lease before it sweeps, never by a read.
   */
  abortLostRuns(towerId: string, now: Date): Promise<LostRun[]>;
  /** Start of the newest scheduled sweep that ran to an end (the schedule's anchor). */
  lastScheduledStart(towerId: string): Promise<Date | undefined>;

  /** Write-ahead record: the labels of a guarded delete, written before it is sent. */
  writePendingDeletes(
    towerId: string,
    runId: string,
    labels: LabelOutcome[],
  ): Promise<void>;
  /** Deletes of the Tower whose outcome is not known (failed, or never recorded). */
  listPendingDeletes(towerId: string): Promise<PendingDelete[]>;
  /** Forgets pending deletes found not to have happened (the labels still exist). */
  clearPendingDeletes(runId: string, labelIds: string[]): Promise<void>;
  /**
   * Corrects an earlier run: these labels were deleted by it after all. Recomputes its counts,
   * adds `note` and forgets the pending deletes. False when the run no longer exists.
   */
  recordLateDeletions(
    runId: string,
    labels: LabelOutcome[],
    note: string,
  ): Promise<boolean>;

  /** When each label was first seen as a candidate (rule 6); absent = never. */
  getSightings(towerId: string, labelIds: string[]): Promise<Map<string, Date>>;
  /** Records candidates seen at `seenAt`: inserts first-seen for new ids, keeps earlier
   * first-seen times and moves last-seen to `seenAt` for known ones. */
  addSightings(
    towerId: string,
    labelIds: string[],
    seenAt: Date,
  ): Promise<void>;
  /** Forgets sightings whose last-seen is before `before` (deleted, or used again). */
  pruneSightings(towerId: string, before: Date): Promise<void>;

  enqueueRequest(request: Omit<SweepRequest, 'id'>): Promise<SweepRequest>;
  /** Removes and returns the oldest pending request of the Tower, atomically. */
  takeRequest(towerId: string): Promise<SweepRequest | undefined>;
  hasPendingRequest(towerId: string): Promise<boolean>;
  /** Removes a pending request by id; false when a replica had already taken it. */
  cancelRequest(requestId: string): Promise<boolean>;

  /** Keeps the newest `keep` runs of the Tower, deleting older runs and their outcomes. */
  pruneRuns(towerId: string, keep: number): Promise<number>;
}

export type { RunStatus };
