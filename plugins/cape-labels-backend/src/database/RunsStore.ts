import type {
  LabelOutcome,
  OutcomeFilter,
  OutcomePage,
  Run,
  RunClock,
  RunCounts,
  RunError,
  RunNote,
  RunRelations,
  RunSettings,
  RunStatus,
  RunSummary,
  RunTrigger,
  SourceCount,
} from '@smartx-cape/plugin-cape-labels-common';
import type { PendingBatchId } from './PendingDeletesStore';

export type NewRun = {
  towerId: string;
  trigger: RunTrigger;
  requestedBy?: string;
  dryRun: boolean;
  instance: string;
  /** rootInstanceMetadata's id of the backend instance. */
  instanceId?: string;
  startedAt: Date;
  settings: RunSettings;
};

export type RunEnd = {
  status: Exclude<RunStatus, 'running' | 'lost'>;
  finishedAt: Date;
  counts: RunCounts;
  error?: RunError;
  notes?: RunNote[];
};

/** A run found lost and recorded aborted: what it was doing. */
export type LostRun = {
  id: string;
  trigger: RunTrigger;
  requestedBy?: string;
  dryRun: boolean;
};

/** How much of a Tower's history is kept (`capeLabels.retention`). */
export type Retention = {
  /** Runs kept, with the outcomes they list (`runsPerTower`). */
  runs: number;
  /** Newest runs that still list their routine keeps one by one (`routineKeepRuns`). */
  routineRuns: number;
};

/** Runs, with the outcomes they record. A `running` run without a recent heartbeat reads `lost`. */
export interface RunsStore {
  createRun(run: NewRun): Promise<RunSummary>;
  /** Whose clock the run's age cutoff is taken on (the card shows it). */
  setRunClock(runId: string, clock: RunClock): Promise<void>;
  /** The relations the run checks before deleting (read once, at its start). */
  setRunRelations(runId: string, relations: RunRelations): Promise<void>;
  /** Progress while running (the card shows it). */
  updateRunCounts(runId: string, counts: RunCounts): Promise<void>;
  /**
   * Proof of life, every second while the run is `running`; a finished run is left alone. Answers
   * who asked the run to stop, if anyone did (`requestStop`), so the run finds a stop without
   * another read.
   */
  heartbeat(runId: string, at: Date): Promise<string | undefined>;
  /** Records how the run ended; NotFoundError when it does not exist. */
  finishRun(runId: string, end: RunEnd): Promise<RunSummary>;
  /**
   * Records the Tower's lost runs (`running`, heartbeat stopped) as aborted and returns what
   * they were doing. Called by the holder of the Tower's lease before it sweeps, never by a read.
   */
  abortLostRuns(towerId: string, now: Date): Promise<LostRun[]>;
  /** Marks the Tower's live run as asked to stop by `stoppedBy`; its id, undefined when none runs. */
  requestStop(towerId: string, stoppedBy: string): Promise<string | undefined>;
  /** Who asked to stop the run, if anyone did. */
  stoppedBy(runId: string): Promise<string | undefined>;
  /** Forgets a stop the scheduler could not carry out. */
  withdrawStop(runId: string): Promise<void>;

  getRun(runId: string): Promise<Run | undefined>;
  /** Newest first; `before` is a run id (keyset), a `NotFoundError` when not the Tower's. */
  listRuns(
    towerId: string,
    options: { limit: number; before?: string },
  ): Promise<RunSummary[]>;
  /** Newest run of each Tower. */
  lastRuns(towerIds: string[]): Promise<Map<string, RunSummary>>;
  /** Towers with a live run (`running`, recent heartbeat). */
  runningTowers(towerIds: string[]): Promise<Set<string>>;
  /** Start of the Tower's newest scheduled sweep that ran to an end: the schedule's anchor. */
  lastScheduledStart(towerId: string): Promise<Date | undefined>;
  /** When each Tower's newest succeeded run finished (epoch ms); Towers without one absent. */
  lastSucceeded(towerIds: string[]): Promise<Map<string, number>>;
  /** Applies the retention after a run; returns the number of runs deleted. */
  pruneRuns(towerId: string, keep: Retention): Promise<number>;

  /**
   * Appends outcomes and, in the same transaction, counts them on the run, forgets the
   * sightings of labels seen in use and, given the guarded delete they are the outcomes of
   * (`settles`), forgets its pending deletes they resolve.
   */
  addOutcomes(
    runId: string,
    outcomes: LabelOutcome[],
    settles?: PendingBatchId,
  ): Promise<void>;
  /**
   * Records labels a later run found deleted as deleted by `runId`, with `note`, and forgets
   * their pending deletes. False: the run is gone.
   */
  recordLateDeletions(
    runId: string,
    labels: LabelOutcome[],
    note: RunNote,
  ): Promise<boolean>;

  /** A page of the run's outcomes that pass the filter; NotFoundError when the run does not exist. */
  listOutcomes(
    runId: string,
    options: { limit: number; offset: number } & OutcomeFilter,
  ): Promise<OutcomePage>;
  /** The run's outcomes that pass `filter`, in pages of `pageSize`: one page in memory. */
  iterateOutcomes(
    runId: string,
    filter: OutcomeFilter,
    pageSize: number,
  ): AsyncGenerator<LabelOutcome[]>;
  /** The values of `key` whose labels the Tower's runs since `since` deleted most, most first. */
  topDeletedValues(options: {
    towerId: string;
    key: string;
    since: Date;
    limit: number;
  }): Promise<SourceCount[]>;
}
