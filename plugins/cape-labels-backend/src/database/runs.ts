import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type {
  Run,
  RunClock,
  RunCounts,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { LostRun, NewRun, RunEnd } from './types';
import { deleteOutcomesOfRuns } from './outcomes';
import { LOST_AFTER_MS } from './liveness';
import { storedError } from './storedError';
import {
  CHUNK,
  OUTCOMES,
  OutcomeRow,
  RUNS,
  RunRow,
  SUMMARY_COLUMNS,
  SummaryRow,
  chunks,
  isPostgres,
  rowToRun,
  rowToSummary,
  toMillis,
} from './tables';

export const REPLICA_LOST = {
  message: 'the replica running this sweep stopped before it finished',
  code: 'REPLICA_LOST',
} as const;

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
    kept: counts.kept,
    failed: counts.failed,
  };
}

/**
 * Fills `counts.wouldDelete` of the dry runs among `summaries` by counting their `would-delete`
 * outcomes (an index range per run); real runs would delete nothing and keep 0.
 */
async function withWouldDelete<T extends RunSummary>(
  db: Knex,
  summaries: T[],
): Promise<T[]> {
  const dryRunIds = summaries.filter(s => s.dryRun).map(s => s.id);
  const counted = new Map<string, number>();
  for (const ids of chunks(dryRunIds)) {
    const rows: Array<{ run_id: string; n: number | string }> =
      await db<OutcomeRow>(OUTCOMES)
        .select('run_id')
        .count({ n: '*' })
        .whereIn('run_id', ids)
        .andWhere('action', 'would-delete')
        .groupBy('run_id');
    for (const row of rows) counted.set(row.run_id, Number(row.n));
  }
  for (const summary of summaries) {
    if (summary.dryRun)
      summary.counts.wouldDelete = counted.get(summary.id) ?? 0;
  }
  return summaries;
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
    kept: 0,
    failed: 0,
    error_message: null,
    error_code: null,
    notes: null,
    instance: run.instance,
    settings: JSON.stringify(run.settings),
    clock_source: null,
    clock_skew_ms: null,
  };
  await db<RunRow>(RUNS).insert(row);
  return rowToSummary({ ...row, seq: 0 }, run.startedAt.getTime());
}

/** Records whose clock the run's age cutoff was taken on. */
export async function setRunClock(
  db: Knex,
  runId: string,
  clock: RunClock,
): Promise<void> {
  await db<RunRow>(RUNS).where({ id: runId }).update({
    clock_source: clock.source,
    clock_skew_ms: clock.skewMs,
  });
}

export async function updateRunCounts(
  db: Knex,
  runId: string,
  counts: RunCounts,
): Promise<void> {
  await db<RunRow>(RUNS).where({ id: runId }).update(countColumns(counts));
}

/** Returns undefined when the run does not exist. */
export async function finishRun(
  db: Knex,
  runId: string,
  end: RunEnd,
): Promise<RunSummary | undefined> {
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
  return row
    ? (
        await withWouldDelete(db, [rowToSummary(row, end.finishedAt.getTime())])
      )[0]
    : undefined;
}

/** Proof of life of a running sweep; a finished run is left alone. */
export async function heartbeat(
  db: Knex,
  runId: string,
  at: Date,
): Promise<void> {
  await db<RunRow>(RUNS)
    .where({ id: runId, status: 'running' })
    .update({ heartbeat_at: at.getTime() });
}

export async function getRun(
  db: Knex,
  runId: string,
  now: number,
): Promise<Run | undefined> {
  const row = await db<RunRow>(RUNS).where({ id: runId }).first();
  return row ? (await withWouldDelete(db, [rowToRun(row, now)]))[0] : undefined;
}

export async function listRuns(
  db: Knex,
  towerId: string,
  options: { limit: number; before?: string },
  now: number,
): Promise<RunSummary[]> {
  const query = db<RunRow>(RUNS)
    .select(...SUMMARY_COLUMNS)
    .where({ tower_id: towerId })
    .orderBy('seq', 'desc')
    .limit(options.limit);
  if (options.before !== undefined) {
    const before = await db<RunRow>(RUNS)
      .select('seq')
      .where({ id: options.before, tower_id: towerId })
      .first();
    if (!before) {
      return [];
    }
    query.andWhere('seq', '<', before.seq);
  }
  const rows: SummaryRow[] = await query;
  return withWouldDelete(
    db,
    rows.map(row => rowToSummary(row, now)),
  );
}

/** Towers per lastRuns query: a UNION ALL term each (SQLite allows 500). */
const LAST_RUNS_CHUNK = 100;

export async function lastRuns(
  db: Knex,
  towerIds: string[],
  now: number,
): Promise<Map<string, RunSummary>> {
  const result = await lastRunsByTower(db, towerIds, now);
  await withWouldDelete(db, [...result.values()]);
  return result;
}

async function lastRunsByTower(
  db: Knex,
  towerIds: string[],
  now: number,
): Promise<Map<string, RunSummary>> {
  const result = new Map<string, RunSummary>();
  if (isPostgres(db)) {
    // One index probe per Tower through a LATERAL join: a small statement whatever the number of
    // Towers. PostgreSQL took 10-25 ms just to plan the UNION ALL form below for 10 Towers
    // (test/bench/apiBench.ts); this one plans and runs in about 1 ms.
    const columns = SUMMARY_COLUMNS.map(c => `r."${c}"`).join(', ');
    const { rows } = (await db.raw(
      `select ${columns} from unnest(?::text[]) as t(tower_id)
        cross join lateral (
          select * from ${RUNS} where ${RUNS}.tower_id = t.tower_id order by seq desc limit 1
        ) r`,
      [[...new Set(towerIds)]],
    )) as { rows: SummaryRow[] };
    for (const row of rows) {
      result.set(row.tower_id, rowToSummary(row, now));
    }
    return result;
  }
  for (const ids of chunks([...new Set(towerIds)], LAST_RUNS_CHUNK)) {
    // One `max(seq) where tower_id = ?` per Tower, each answered from an index (no scan
    // or sort of the Tower's runs), then one primary-key lookup per Tower.
    const rows: SummaryRow[] = await db<RunRow>(RUNS)
      .select(...SUMMARY_COLUMNS)
      .whereIn('seq', function newest() {
        ids.forEach((towerId, i) => {
          const max = (qb: Knex.QueryBuilder) =>
            qb.max('seq').from(RUNS).where('tower_id', towerId);
          if (i === 0) {
            max(this);
          } else {
            this.unionAll(max);
          }
        });
      });
    for (const row of rows) {
      result.set(row.tower_id, rowToSummary(row, now));
    }
  }
  return result;
}

/** A `running` run's heartbeat is newer than this: its sweep is alive. */
function aliveSince(now: number): number {
  return now - LOST_AFTER_MS;
}

const SIGN_OF_LIFE = 'coalesce(heartbeat_at, started_at)';

/** Towers with a live run: `running` with a recent heartbeat. */
export async function runningTowers(
  db: Knex,
  towerIds: string[],
  now: number,
): Promise<Set<string>> {
  const result = new Set<string>();
  for (const ids of chunks([...new Set(towerIds)])) {
    const rows: Array<Pick<RunRow, 'tower_id'>> = await db<RunRow>(RUNS)
      .distinct('tower_id')
      .where({ status: 'running' })
      .whereIn('tower_id', ids)
      .whereRaw(`${SIGN_OF_LIFE} >= ?`, [aliveSince(now)]);
    for (const row of rows) {
      result.add(row.tower_id);
    }
  }
  return result;
}

/**
 * Records the Tower's lost runs (`running`, heartbeat stopped) as aborted, ended at their last
 * heartbeat, and returns what they were doing. Runs with a recent heartbeat are left alone:
 * they may still be finishing. Only the holder of the Tower's lease calls this.
 */
export async function abortLostRuns(
  db: Knex,
  towerId: string,
  now: number,
): Promise<LostRun[]> {
  const lost: Array<
    Pick<RunRow, 'id' | 'trigger' | 'requested_by' | 'dry_run'>
  > = await db<RunRow>(RUNS)
    .select('id', 'trigger', 'requested_by', 'dry_run')
    .where({ tower_id: towerId, status: 'running' })
    .whereRaw(`${SIGN_OF_LIFE} < ?`, [aliveSince(now)])
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
 * Start of the Tower's newest scheduled sweep that ran to an end (succeeded, partial or
 * failed): an aborted or lost one did not do the schedule's work.
 */
export async function lastScheduledStart(
  db: Knex,
  towerId: string,
): Promise<Date | undefined> {
  const row: Pick<RunRow, 'started_at'> | undefined = await db<RunRow>(RUNS)
    .select('started_at')
    .where({ tower_id: towerId, trigger: 'schedule' })
    .whereIn('status', ['succeeded', 'partial', 'failed'])
    .orderBy('seq', 'desc')
    .first();
  return row ? new Date(toMillis(row.started_at)) : undefined;
}

/** Deletes, in batches, the runs older than the newest `keep` (never a running one). */
export async function pruneRuns(
  db: Knex,
  towerId: string,
  keep: number,
): Promise<number> {
  let cutoff: number | undefined;
  if (keep > 0) {
    const oldestKept = await db<RunRow>(RUNS)
      .select('seq')
      .where({ tower_id: towerId })
      .orderBy('seq', 'desc')
      .offset(keep - 1)
      .limit(1)
      .first();
    if (!oldestKept) {
      return 0;
    }
    cutoff = oldestKept.seq;
  }
  let removed = 0;
  for (;;) {
    const query = db<RunRow>(RUNS)
      .select('seq', 'id')
      .where({ tower_id: towerId })
      .whereNot({ status: 'running' })
      .orderBy('seq', 'asc')
      .limit(CHUNK);
    if (cutoff !== undefined) {
      query.andWhere('seq', '<', cutoff);
    }
    const batch: Array<Pick<RunRow, 'seq' | 'id'>> = await query;
    if (batch.length === 0) {
      return removed;
    }
    const runIds = batch.map(r => r.id);
    await deleteOutcomesOfRuns(db, runIds);
    removed += await db<RunRow>(RUNS).whereIn('id', runIds).delete();
  }
}
