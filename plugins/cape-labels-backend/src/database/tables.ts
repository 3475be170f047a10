import type { Knex } from 'knex';
import type {
  OutcomeReason,
  LabelAction,
  LabelOutcome,
  Run,
  RunClock,
  RunSettings,
  RunStatus,
  RunSummary,
  RunTrigger,
} from '@smartx-cape/plugin-cape-labels-common';
import { displayStatus } from './liveness';

export const RUNS = 'cape_labels_runs';
export const OUTCOMES = 'cape_labels_outcomes';
export const SIGHTINGS = 'cape_labels_sightings';
export const REQUESTS = 'cape_labels_requests';
export const PENDING_DELETES = 'cape_labels_pending_deletes';

/**
 * Rows per multi-row INSERT and ids per `whereIn`. On SQLite knex writes a multi-row insert
 * as a compound SELECT, which may have at most 500 terms.
 */
export const CHUNK = 500;

export function isPostgres(db: Knex): boolean {
  return ['pg', 'postgres', 'postgresql'].includes(
    String(db.client.config.client),
  );
}

/** PostgreSQL returns bigint columns as strings, SQLite as numbers. */
export type DbBigInt = number | string;

export type RunRow = {
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
  scanned: number;
  candidates: number;
  deleted: number;
  kept: number;
  failed: number;
  error_message: string | null;
  error_code: string | null;
  instance: string;
  settings: string;
  /** The last outcome number reserved (see reserveOutcomeSeqs). */
  outcome_seq: number;
  clock_source: RunClock['source'] | null;
  clock_skew_ms: DbBigInt | null;
  /** JSON array of strings, or null. */
  notes: string | null;
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
};

export type SightingRow = {
  tower_id: string;
  label_id: string;
  first_seen_at: DbBigInt;
  last_seen_at: DbBigInt;
};

export type PendingDeleteRow = {
  tower_id: string;
  run_id: string;
  label_id: string;
  key: string;
  value: string | null;
  created_at: string;
};

export type RequestRow = {
  seq: number;
  id: string;
  tower_id: string;
  trigger: 'manual' | 'event';
  requested_by: string | null;
  dry_run: boolean | number;
  requested_at: DbBigInt;
};

/** Columns of a run row that make up a RunSummary (everything but `settings`). */
export const SUMMARY_COLUMNS = [
  'seq',
  'id',
  'tower_id',
  'trigger',
  'requested_by',
  'dry_run',
  'status',
  'started_at',
  'finished_at',
  'heartbeat_at',
  'scanned',
  'candidates',
  'deleted',
  'kept',
  'failed',
  'error_message',
  'error_code',
  'instance',
  'clock_source',
  'clock_skew_ms',
  'notes',
] as const;

export type SummaryRow = Pick<RunRow, (typeof SUMMARY_COLUMNS)[number]>;

export function toMillis(value: DbBigInt): number {
  return typeof value === 'number' ? value : Number(value);
}

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    result.push(items.slice(i, i + size));
  }
  return result;
}

/** `now` (epoch ms) decides whether a `running` run is shown `lost`. */
export function rowToSummary(row: SummaryRow, now: number): RunSummary {
  const startedAt = toMillis(row.started_at);
  const finishedAt =
    row.finished_at === null ? null : toMillis(row.finished_at);
  const summary: RunSummary = {
    id: row.id,
    towerId: row.tower_id,
    trigger: row.trigger,
    dryRun: Boolean(row.dry_run),
    status: displayStatus(row, now),
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: finishedAt === null ? null : new Date(finishedAt).toISOString(),
    durationMs: finishedAt === null ? null : finishedAt - startedAt,
    counts: {
      scanned: row.scanned,
      candidates: row.candidates,
      deleted: row.deleted,
      // no column: filled from the outcomes for dry runs (runs.ts, withWouldDelete)
      wouldDelete: 0,
      kept: row.kept,
      failed: row.failed,
    },
    instance: row.instance,
  };
  if (row.clock_source !== null) {
    summary.clock = {
      source: row.clock_source,
      skewMs: row.clock_skew_ms === null ? null : toMillis(row.clock_skew_ms),
    };
  }
  if (row.notes !== null) {
    summary.notes = JSON.parse(row.notes) as string[];
  }
  if (row.requested_by !== null) {
    summary.requestedBy = row.requested_by;
  }
  if (row.error_message !== null) {
    summary.error =
      row.error_code === null
        ? { message: row.error_message }
        : { message: row.error_message, code: row.error_code };
  }
  return summary;
}

export function rowToRun(row: RunRow, now: number): Run {
  return {
    ...rowToSummary(row, now),
    settings: JSON.parse(row.settings) as RunSettings,
  };
}

export function rowToOutcome(row: OutcomeRow): LabelOutcome {
  return {
    labelId: row.label_id,
    key: row.key,
    value: row.value,
    createdAt: row.created_at,
    action: row.action,
    ...(row.reason === null ? {} : { reason: row.reason }),
  };
}
