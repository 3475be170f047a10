import type {
  KeptReason,
  LabelOutcome,
  Run,
  RunNote,
  RunRelations,
  RunSettings,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import {
  KEPT_COUNT_COLUMNS,
  ROUTINE_REASONS,
  keptByReason,
} from './outcomeCounters';
import { displayStatus } from './liveness';
import type { DbBigInt, OutcomeRow, RunRow } from './tables';
import { plainValue } from '../lib/plainText';

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
  'would_delete',
  'kept',
  ...KEPT_COUNT_COLUMNS,
  'failed',
  'error_message',
  'error_code',
  'instance',
  'instance_id',
  'clock_source',
  'clock_skew_ms',
  'clock_capped',
  'notes',
  'error_params',
  'relations',
] as const;

export type SummaryRow = Pick<RunRow, (typeof SUMMARY_COLUMNS)[number]>;

export function toMillis(value: DbBigInt): number {
  return typeof value === 'number' ? value : Number(value);
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
      wouldDelete: row.would_delete,
      kept: row.kept,
      failed: row.failed,
    },
    keptByReason: keptByReason(row),
    instance: row.instance,
  };
  if (row.instance_id) summary.instanceId = row.instance_id;
  if (row.clock_source !== null) {
    summary.clock = {
      source: row.clock_source,
      skewMs: row.clock_skew_ms === null ? null : toMillis(row.clock_skew_ms),
      ...(row.clock_capped ? { capped: true as const } : {}),
    };
  }
  if (row.notes !== null) {
    summary.notes = (JSON.parse(row.notes) as unknown[]).map(storedNote);
  }
  if (row.relations) {
    summary.relations = JSON.parse(row.relations) as RunRelations;
  }
  if (row.requested_by !== null) {
    summary.requestedBy = row.requested_by;
  }
  if (row.error_message !== null) {
    summary.error =
      row.error_code === null
        ? { message: row.error_message }
        : { message: row.error_message, code: row.error_code };
    if (row.error_params) {
      summary.error.params = JSON.parse(row.error_params) as Record<
        string,
        string | number
      >;
    }
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
    value: plainValue(row.value),
    createdAt: row.created_at,
    action: row.action,
    ...(row.reason === null ? {} : { reason: row.reason }),
    ...(row.relation ? { relation: row.relation } : {}),
  };
}

/** The kept reasons whose labels the run no longer lists (it still counts them). */
export function countedOnly(row: Pick<RunRow, 'routine_listed'>): KeptReason[] {
  return row.routine_listed ? [] : [...ROUTINE_REASONS];
}

/** A stored note: notes recorded before codes existed are plain strings. */
function storedNote(stored: unknown): RunNote {
  return typeof stored === 'string' ? { message: stored } : (stored as RunNote);
}
