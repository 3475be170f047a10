import type {
  KeptReason,
  LabelOutcome,
  RunCounts,
  RunError,
  RunNote,
  RunRelations,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import {
  MAX_STORED_ERROR_BYTES,
  plainText,
  plainValue,
} from '../lib/plainText';
import { displayStatus } from './liveness';
import {
  COUNT_COLUMNS,
  KEPT_COLUMNS,
  type OutcomeRow,
  type RunRow,
} from './tables';

type KeptColumn = (typeof KEPT_COLUMNS)[KeptReason];
type AddedCounts = Partial<Record<KeptColumn | 'outcome_rows', number>>;

type CountColumn = (typeof COUNT_COLUMNS)[keyof RunCounts];
const COUNT_PAIRS = Object.entries(COUNT_COLUMNS) as [
  keyof RunCounts,
  CountColumn,
][];

/**
 * The routine keeps: labels in use or too young, most of a Tower's labels in every run. They are
 * counted on every run but listed per label for the Tower's newest runs only (retention.ts).
 */
export const ROUTINE_REASONS: readonly KeptReason[] = [
  'count-nonzero',
  'young',
];

function isKeptReason(reason: string | undefined): reason is KeptReason {
  return reason !== undefined && Object.hasOwn(KEPT_COLUMNS, reason);
}

export function addedCounts(outcomes: readonly LabelOutcome[]): AddedCounts {
  const added: AddedCounts = { outcome_rows: outcomes.length };
  for (const { action, reason } of outcomes) {
    if (action !== 'kept' || !isKeptReason(reason)) continue;
    const column = KEPT_COLUMNS[reason];
    added[column] = (added[column] ?? 0) + 1;
  }
  return added;
}

/** `now` (epoch ms) decides whether a `running` run is shown `lost`. */
export function rowToSummary(row: RunRow, now: number): RunSummary {
  const startedAt = Number(row.started_at);
  const finishedAt = row.finished_at === null ? null : Number(row.finished_at);
  const summary: RunSummary = {
    id: row.id,
    towerId: row.tower_id,
    trigger: row.trigger,
    dryRun: Boolean(row.dry_run),
    status: displayStatus(row, now),
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: finishedAt === null ? null : new Date(finishedAt).toISOString(),
    durationMs: finishedAt === null ? null : finishedAt - startedAt,
    counts: Object.fromEntries(
      COUNT_PAIRS.map(([field, column]) => [field, row[column]]),
    ) as RunCounts,
    keptByReason: Object.fromEntries(
      Object.entries(KEPT_COLUMNS)
        .filter(([, column]) => row[column] > 0)
        .map(([reason, column]) => [reason, row[column]]),
    ),
    instance: row.instance,
  };
  if (row.instance_id) summary.instanceId = row.instance_id;
  if (row.clock_source !== null) {
    summary.clock = {
      source: row.clock_source,
      skewMs: row.clock_skew_ms === null ? null : Number(row.clock_skew_ms),
      ...(row.clock_capped ? { capped: true as const } : {}),
    };
  }
  if (row.notes !== null) {
    // Notes recorded before codes existed are plain strings.
    summary.notes = (JSON.parse(row.notes) as unknown[]).map(note =>
      typeof note === 'string' ? { message: note } : (note as RunNote),
    );
  }
  if (row.relations)
    summary.relations = JSON.parse(row.relations) as RunRelations;
  if (row.requested_by !== null) summary.requestedBy = row.requested_by;
  if (row.error_message !== null) {
    summary.error = {
      message: row.error_message,
      ...(row.error_code === null ? {} : { code: row.error_code }),
      ...(row.error_params
        ? { params: JSON.parse(row.error_params) as RunError['params'] }
        : {}),
    };
  }
  return summary;
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
    ...(row.detail ? { detail: row.detail } : {}),
  };
}

export function countColumns(counts: RunCounts) {
  return Object.fromEntries(
    COUNT_PAIRS.map(([field, column]) => [column, counts[field]]),
  ) as Record<CountColumn, number>;
}

/** The error_code column's width. */
const MAX_CODE_BYTES = 255;

/**
 * Error text may quote a Tower's answer: stored as one plain line, bounded, so a Tower cannot
 * make us store (and show) megabytes or forge lines.
 */
export function storedError(error: RunError | undefined) {
  if (!error)
    return { error_message: null, error_code: null, error_params: null };
  return {
    error_params: error.params ? JSON.stringify(error.params) : null,
    error_message: plainText(error.message, MAX_STORED_ERROR_BYTES),
    error_code:
      error.code === undefined ? null : plainText(error.code, MAX_CODE_BYTES),
  };
}
