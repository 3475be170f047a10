import type { Knex } from 'knex';
import type { SweepTuning } from '../config/types';
import { CHUNK } from '../lib/chunks';
import { ROUTINE_REASONS } from './rowMapping';
import { RUNS, outcomesOf, runs, type RunRow } from './tables';

export type Retention = SweepTuning['retention'];

/** Kept apart: previews anyone signed in can start never push a real run out of the history. */
export const EXTERNAL_RUNS_KEPT = 5;

type RunGroup = () => Knex.QueryBuilder<RunRow, RunRow[]>;

/** Above every run's `seq` (an integer column). */
const BEYOND_EVERY_RUN = 2 ** 31 - 1;

const DELETE_SPAN = 20_000;

/** External previews are counted apart; a running run is never touched. */
export async function pruneRuns(
  db: Knex,
  towerId: string,
  keep: Retention,
): Promise<number> {
  const ofTower = () => runs(db, { tower_id: towerId });
  const own = () => ofTower().whereNot({ trigger: 'external' });
  const external = () => ofTower().where({ trigger: 'external' });
  const removed = await pruneGroup(db, own, keep);
  const externalKeep = { runs: EXTERNAL_RUNS_KEPT, routineRuns: 1 };
  return removed + (await pruneGroup(db, external, externalKeep));
}

async function pruneGroup(db: Knex, group: RunGroup, keep: Retention) {
  const cutoff = await oldestKeptSeq(group, keep.runs);
  const removed =
    cutoff === undefined ? 0 : await deleteRunsBefore(db, group, cutoff);
  const routineCutoff = await oldestKeptSeq(group, keep.routineRuns);
  if (routineCutoff !== undefined)
    await forgetRoutineKeeps(db, group, routineCutoff);
  return removed;
}

/** Undefined when the group has fewer than `keep` runs; beyond every run when `keep` is 0. */
async function oldestKeptSeq(group: RunGroup, keep: number) {
  if (keep < 1) return BEYOND_EVERY_RUN;
  const row = await group()
    .orderBy('seq', 'desc')
    .offset(keep - 1)
    .first('seq');
  return row?.seq;
}

function finishedBefore(group: RunGroup, cutoff: number) {
  return group()
    .select('id')
    .whereNot({ status: 'running' })
    .andWhere('seq', '<', cutoff)
    .orderBy('seq', 'asc');
}

async function deleteRunsBefore(db: Knex, group: RunGroup, cutoff: number) {
  let removed = 0;
  for (;;) {
    const batch = await finishedBefore(group, cutoff).limit(CHUNK);
    if (batch.length === 0) return removed;
    const runIds = batch.map(r => r.id);
    for (const runId of runIds) await deleteOutcomes(db, runId);
    removed += await db<RunRow>(RUNS).whereIn('id', runIds).delete();
  }
}

/** One transaction per run: its rows go and it reads counted-only at once. */
async function forgetRoutineKeeps(db: Knex, group: RunGroup, cutoff: number) {
  const listed = await finishedBefore(group, cutoff).andWhere({
    routine_listed: true,
  });
  for (const { id } of listed) {
    await db.transaction(async tx => {
      const forgotten = await deleteOutcomes(tx, id, query =>
        query
          .andWhere({ action: 'kept' })
          .whereIn('reason', [...ROUTINE_REASONS]),
      );
      await runs(tx, { id })
        .decrement('outcome_rows', forgotten)
        .update({ routine_listed: false });
    });
  }
}

async function deleteOutcomes(
  db: Knex,
  runId: string,
  only: (query: Knex.QueryBuilder) => Knex.QueryBuilder = query => query,
): Promise<number> {
  const last = await outcomesOf(db, runId).max({ max_seq: 'seq' }).first();
  const maxSeq = Number(last?.max_seq ?? 0);
  let deleted = 0;
  for (let low = 0; low < maxSeq; low += DELETE_SPAN) {
    deleted += await only(
      outcomesOf(db, runId)
        .andWhere('seq', '>', low)
        .andWhere('seq', '<=', low + DELETE_SPAN),
    ).delete();
  }
  return deleted;
}
