import { randomBytes } from 'node:crypto';
import { NotFoundError } from '@backstage/errors';
import type { Knex } from 'knex';
import type {
  PluginRunErrorCode,
  RunClock,
  RunCounts,
  RunError,
  RunNote,
  RunRelations,
  RunSettings,
  RunStatus,
  RunSummary,
  RunTrigger,
} from '@smartx-cape/plugin-cape-labels-common';
import { SIGN_OF_LIFE, aliveSince, type StoreClock } from './liveness';
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
  error?: RunError;
  notes?: RunNote[];
};

const REPLICA_LOST = {
  message: 'the replica running this sweep stopped before it finished',
  code: 'REPLICA_LOST',
} as const satisfies RunError & { code: PluginRunErrorCode };

/** A run found lost and recorded aborted: what it was doing. */
export type LostRun = {
  id: string;
  trigger: RunTrigger;
  requestedBy?: string;
  dryRun: boolean;
};

/** Time-ordered and unique across replicas: zero-padded epoch ms plus a random suffix. */
function newRunId(startedAt: Date): string {
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
/**
 * Marks the Tower's live run (`running`, recent heartbeat) as asked to stop by `stoppedBy` and
 * returns its id; undefined when none runs.
 */
export async function requestStop(
  db: Knex,
  clock: StoreClock,
  towerId: string,
  requester: string,
): Promise<string | undefined> {
  const since = aliveSince(clock().getTime());
  const live = () =>
    db<RunRow>(RUNS)
      .where({ tower_id: towerId, status: 'running' })
      .whereRaw(`${SIGN_OF_LIFE} >= ?`, [since]);
  // The first stop names who stopped it; a second one only finds the run.
  await live().whereNull('stopped_by').update({ stopped_by: requester });
  const row: Pick<RunRow, 'id'> | undefined = await live()
    .select('id')
    .orderBy('started_at', 'desc')
    .first();
  return row?.id;
}

/** Who asked to stop the run, if anyone did. */
export async function stoppedBy(
  db: Knex,
  runId: string,
): Promise<string | undefined> {
  const row: Pick<RunRow, 'stopped_by'> | undefined = await db<RunRow>(RUNS)
    .select('stopped_by')
    .where({ id: runId })
    .first();
  return row?.stopped_by ?? undefined;
}

/** Forgets a stop the scheduler could not carry out (the run had ended meanwhile). */
export async function withdrawStop(db: Knex, runId: string): Promise<void> {
  await db<RunRow>(RUNS)
    .where({ id: runId, status: 'running' })
    .update({ stopped_by: null });
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

/**
 * Records the Tower's lost runs (`running`, heartbeat stopped) as aborted, ended at their last
 * heartbeat, and returns what they were doing. Runs with a recent heartbeat are left alone:
 * they may still be finishing. Called by the holder of the Tower's lease before it sweeps,
 * never by a read.
 */
export async function abortLostRuns(
  db: Knex,
  towerId: string,
  now: Date,
): Promise<LostRun[]> {
  const lost: Array<
    Pick<RunRow, 'id' | 'trigger' | 'requested_by' | 'dry_run'>
  > = await db<RunRow>(RUNS)
    .select('id', 'trigger', 'requested_by', 'dry_run')
    .where({ tower_id: towerId, status: 'running' })
    .whereRaw(`${SIGN_OF_LIFE} < ?`, [aliveSince(now.getTime())])
    .orderBy('seq', 'asc');
  if (lost.length === 0) return [];
  await db<RunRow>(RUNS)
    .whereIn(
      'id',
      lost.map(r => r.id),
    )
    .where({ status: 'running' })
    .update({
      status: 'aborted',
      finished_at: db.raw(SIGN_OF_LIFE),
      error_message: REPLICA_LOST.message,
      error_code: REPLICA_LOST.code,
    });
  return lost.map(r => ({
    id: r.id,
    trigger: r.trigger,
    dryRun: Boolean(r.dry_run),
    ...(r.requested_by === null ? {} : { requestedBy: r.requested_by }),
  }));
}

/**
 * Adds to the run's counters. It locks the run's row until commit: the last statement of a
 * transaction, so that writers of one run hold that lock only for their commit.
 */
export async function addToRunCounters(
  db: Knex,
  runId: string,
  counts: Record<string, number>,
): Promise<void> {
  const updated = await db(RUNS).where({ id: runId }).increment(counts);
  if (updated === 0) throw new NotFoundError(`run ${runId} not found`);
}
