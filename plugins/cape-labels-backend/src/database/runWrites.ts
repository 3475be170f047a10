import { randomBytes } from 'node:crypto';
import { NotFoundError } from '@backstage/errors';
import type { Knex } from 'knex';
import type {
  RunClock,
  RunCounts,
  RunRelations,
  RunSettings,
  RunStatus,
  RunSummary,
  RunTrigger,
} from '@smartx-cape/plugin-cape-labels-common';
import { SUMMARY_COLUMNS, rowToSummary } from './rowMapping';
import { storedError } from './storedError';
import { RUNS, type RunRow } from './tables';

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
  error?: { message: string; code?: string };
  notes?: string[];
};

/** Time-ordered and unique across replicas: zero-padded epoch ms plus a random suffix. */
export function newRunId(startedAt: Date): string {
  const ms = String(startedAt.getTime()).padStart(13, '0');
  return `${ms}-${randomBytes(5).toString('hex')}`;
}

function countColumns(counts: RunCounts) {
  return {
    scanned: counts.scanned,
    candidates: counts.candidates,
    deleted: counts.deleted,
    would_delete: counts.wouldDelete,
    kept: counts.kept,
    failed: counts.failed,
  };
}

export async function createRun(db: Knex, run: NewRun): Promise<RunSummary> {
  const row: Omit<RunRow, 'seq' | 'outcome_seq'> = {
    id: newRunId(run.startedAt),
    tower_id: run.towerId,
    trigger: run.trigger,
    requested_by: run.requestedBy ?? null,
    dry_run: run.dryRun,
    status: 'running',
    started_at: run.startedAt.getTime(),
    finished_at: null,
    heartbeat_at: run.startedAt.getTime(),
    scanned: 0,
    candidates: 0,
    deleted: 0,
    would_delete: 0,
    kept: 0,
    kept_referenced: 0,
    kept_count_nonzero: 0,
    kept_young: 0,
    kept_unconfirmed: 0,
    kept_cap: 0,
    kept_raced: 0,
    outcome_rows: 0,
    routine_listed: true,
    failed: 0,
    error_message: null,
    error_code: null,
    notes: null,
    instance: run.instance,
    instance_id: run.instanceId ?? null,
    settings: JSON.stringify(run.settings),
    clock_source: null,
    clock_skew_ms: null,
  };
  await db<RunRow>(RUNS).insert(row);
  return rowToSummary({ ...row, seq: 0 }, run.startedAt.getTime());
}

/** Whose clock the run's age cutoff is taken on (the card shows it). */
export async function setRunClock(
  db: Knex,
  runId: string,
  clock: RunClock,
): Promise<void> {
  await db<RunRow>(RUNS)
    .where({ id: runId })
    .update({
      clock_source: clock.source,
      clock_skew_ms: clock.skewMs,
      clock_capped: clock.capped ?? null,
    });
}

/** The relations the run checks before deleting (read once, at its start). */
export async function setRunRelations(
  db: Knex,
  runId: string,
  relations: RunRelations,
): Promise<void> {
  await db<RunRow>(RUNS)
    .where({ id: runId })
    .update({ relations: JSON.stringify(relations) });
}

/** Progress while running (the card shows it). */
export async function updateRunCounts(
  db: Knex,
  runId: string,
  counts: RunCounts,
): Promise<void> {
  await db<RunRow>(RUNS).where({ id: runId }).update(countColumns(counts));
}

/** Records how the run ended; NotFoundError when it does not exist. */
export async function finishRun(
  db: Knex,
  runId: string,
  end: RunEnd,
): Promise<RunSummary> {
  await db<RunRow>(RUNS)
    .where({ id: runId })
    .update({
      status: end.status,
      finished_at: end.finishedAt.getTime(),
      ...countColumns(end.counts),
      ...storedError(end.error),
      ...(end.notes?.length ? { notes: JSON.stringify(end.notes) } : {}),
    });
  const row = await db<RunRow>(RUNS)
    .select(...SUMMARY_COLUMNS)
    .where({ id: runId })
    .first();
  if (!row) throw new NotFoundError(`run ${runId} not found`);
  return rowToSummary(row, end.finishedAt.getTime());
}

/** Proof of life, every second while the run is `running`; a finished run is left alone. */
export async function heartbeat(
  db: Knex,
  runId: string,
  at: Date,
): Promise<void> {
  await db<RunRow>(RUNS)
    .where({ id: runId, status: 'running' })
    .update({ heartbeat_at: at.getTime() });
}
