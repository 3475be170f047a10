import type { Knex } from 'knex';
import type {
  KeptReason,
  LabelAction,
  OutcomeReason,
  RunClock,
  RunCounts,
  RunStatus,
  RunTrigger,
} from '@smartx-cape/plugin-cape-labels-common';

export const RUNS = 'cape_labels_runs';
export const OUTCOMES = 'cape_labels_outcomes';
export const SIGHTINGS = 'cape_labels_sightings';
export const REQUESTS = 'cape_labels_requests';
export const PENDING_DELETE_BATCHES = 'cape_labels_pending_delete_batches';
export const NOTIFIED_HEALTH = 'cape_labels_notified_health';
export const LOGIN_BACKOFFS = 'cape_labels_login_backoffs';

/** PostgreSQL returns bigint columns as strings, SQLite as numbers. */
export type DbBigInt = number | string;

export const COUNT_COLUMNS = {
  scanned: 'scanned',
  candidates: 'candidates',
  deleted: 'deleted',
  wouldDelete: 'would_delete',
  kept: 'kept',
  failed: 'failed',
} as const satisfies Record<keyof RunCounts, string>;

export const KEPT_COLUMNS = {
  referenced: 'kept_referenced',
  'count-nonzero': 'kept_count_nonzero',
  young: 'kept_young',
  unconfirmed: 'kept_unconfirmed',
  cap: 'kept_cap',
  raced: 'kept_raced',
  refused: 'kept_refused',
  malformed: 'kept_malformed',
} as const satisfies Record<KeptReason, string>;

type CounterColumn =
  (typeof COUNT_COLUMNS)[keyof RunCounts] | (typeof KEPT_COLUMNS)[KeptReason];

export type RunRow = Record<CounterColumn, number> & {
  seq: number;
  id: string;
  tower_id: string;
  trigger: RunTrigger;
  requested_by: string | null;
  dry_run: boolean | number;
  status: RunStatus;
  started_at: DbBigInt;
  finished_at: DbBigInt | null;
  /** Written every second while running; null on rows older than the column. */
  heartbeat_at?: DbBigInt | null;
  /** Outcome rows the run lists (the answer's `total` when nothing is filtered). */
  outcome_rows: number;
  /** False once the run's routine keeps are only counted (retention.ts). */
  routine_listed: boolean | number;
  error_message: string | null;
  error_code: string | null;
  /** JSON object of the error's params, or null (and absent on rows older than the column). */
  error_params?: string | null;
  /** Who asked to stop the run (POST /towers/:towerId/stop); null otherwise. */
  stopped_by?: string | null;
  instance: string;
  /** rootInstanceMetadata's id of the backend instance; null on runs older than the column. */
  instance_id?: string | null;
  settings: string;
  outcome_seq: number;
  clock_source: RunClock['source'] | null;
  clock_skew_ms: DbBigInt | null;
  /** True when the cutoff was taken at `maxClockAhead` instead of the skew; null otherwise. */
  clock_capped?: boolean | number | null;
  /** JSON array of RunNotes (plain strings on runs recorded before codes), or null. */
  notes: string | null;
  /** JSON RunRelations, or null until the run has read them (and on rows older than the column). */
  relations?: string | null;
};

export type OutcomeRow = {
  run_id: string;
  seq: number;
  label_id: string;
  key: string;
  value: string | null;
  created_at: string;
  action: LabelAction;
  reason: OutcomeReason | null;
  /** The relation that held a `referenced` label; null otherwise. */
  relation?: string | null;
  /** Tower's words for a `refused` label, what is malformed for a `malformed` one; else null. */
  detail?: string | null;
};

export function runs(db: Knex, where: Partial<RunRow>) {
  return db<RunRow>(RUNS).where(where);
}

export function outcomesOf(db: Knex, runId: string) {
  return db<OutcomeRow>(OUTCOMES).where({ run_id: runId });
}

export type SightingRow = {
  tower_id: string;
  label_id: string;
  first_seen_at: DbBigInt;
  last_seen_at: DbBigInt;
};

export type PendingDeleteBatchRow = {
  id: number;
  tower_id: string;
  run_id: string;
  /** JSON array of StoredLabels, one per label the delete names. */
  labels: string;
};

/** How a label is kept in a write-ahead row (`PendingDeleteBatchRow.labels`). */
export type StoredLabel = [
  labelId: string,
  key: string,
  value: string | null,
  createdAt: string,
];

export type RequestRow = {
  seq: number;
  id: string;
  tower_id: string;
  trigger: 'manual' | 'event';
  requested_by: string | null;
  dry_run: boolean | number;
  requested_at: DbBigInt;
  claimed_by?: string | null;
};

export type NotifiedHealth = 'bad' | 'good';

export type NotifiedHealthRow = {
  tower_id: string;
  health: NotifiedHealth;
  run_id: string;
  notified_at: DbBigInt;
};

export type LoginBackoffRow = {
  tower_id: string;
  refusals: number;
  last_code: string;
  last_refused_at: DbBigInt;
  next_login_at: DbBigInt;
  credentials_salt: string;
  credentials_hash: string;
};
