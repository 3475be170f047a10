import type { Knex } from 'knex';
import type {
  LabelOutcome,
  OutcomeFilter,
} from '@smartx-cape/plugin-cape-labels-common';
import { filteredOutcomes } from './outcomeFilter';
import {
  OUTCOMES,
  RUNS,
  SIGHTINGS,
  isPostgres,
  OutcomeRow,
  chunks,
  rowToOutcome,
} from './tables';
import { reserveOutcomeSeqs } from './outcomeSeq';
import { clearPendingDeletes } from './pendingDeletes';
import { deleteWhereIn } from './arrayParams';

/*
 * On PostgreSQL a multi-row VALUES insert with thousands of parameters is slow to parse
 * (~35 ms per 500 rows); one array parameter per column through unnest() is 5-7x faster.
 */
const PG_INSERT_CHUNK = 10_000;
const PG_COLUMNS = [
  'run_id',
  'seq',
  'label_id',
  'key',
  'value',
  'created_at',
  'action',
  'reason',
] as const satisfies ReadonlyArray<keyof OutcomeRow>;
const PG_INSERT = `insert into ${OUTCOMES} (${PG_COLUMNS.join(', ')})
  select * from unnest(?::text[], ?::int[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])`;

/*
 * On SQLite knex writes a multi-row insert as a compound SELECT of 500 terms with 4,000
 * parameters, and compiling that statement dominated a 100k-label sweep (better-sqlite3
 * `prepare`: 2.6 s of CPU, blocking the event loop). One JSON array parameter expanded by
 * json_each() is a tiny statement: ~3x less time per 1,000 rows (test/bench).
 */
const SQLITE_INSERT_CHUNK = 5_000;
const SQLITE_INSERT = `insert into ${OUTCOMES} (${PG_COLUMNS.join(', ')})
  select ?, ${PG_COLUMNS.slice(1)
    .map((_, i) => `json_extract(value, '$[${i}]')`)
    .join(', ')} from json_each(?)`;

/**
 * Outcomes that show a label in use or not a candidate: its confirmation (rule 6) starts over,
 * whatever happens to the rest of the run.
 */
const SEEN_IN_USE: ReadonlySet<string> = new Set([
  'referenced',
  'count-nonzero',
  'young',
]);

export function seenInUse(o: LabelOutcome): boolean {
  return (
    o.action === 'kept' && o.reason !== undefined && SEEN_IN_USE.has(o.reason)
  );
}

/** Forgets the sightings of labels this run saw in use, in the transaction recording it. */
async function forgetSeenInUse(
  tx: Knex.Transaction,
  runId: string,
  outcomes: LabelOutcome[],
): Promise<void> {
  const ids = [...new Set(outcomes.filter(seenInUse).map(o => o.labelId))];
  if (ids.length === 0) return;
  const run = await tx(RUNS).select('tower_id').where({ id: runId }).first();
  if (!run) return;
  await deleteWhereIn(
    tx,
    SIGHTINGS,
    { tower_id: run.tower_id },
    'label_id',
    ids,
  );
}

/** Outcome rows deleted per statement when runs are pruned. */
const DELETE_SPAN = 20_000;

export async function addOutcomes(
  db: Knex,
  runId: string,
  outcomes: LabelOutcome[],
): Promise<void> {
  if (outcomes.length === 0) {
    return;
  }
  // Batches of one run write concurrently: each takes its own range of numbers first.
  const firstSeq = await reserveOutcomeSeqs(db, runId, outcomes.length);
  await db.transaction(async tx => {
    const rows: OutcomeRow[] = outcomes.map((o, i) => ({
      run_id: runId,
      seq: firstSeq + i,
      label_id: o.labelId,
      key: o.key,
      value: o.value,
      created_at: o.createdAt,
      action: o.action,
      reason: o.reason ?? null,
    }));
    if (isPostgres(db)) {
      for (const chunk of chunks(rows, PG_INSERT_CHUNK)) {
        await tx.raw(
          PG_INSERT,
          PG_COLUMNS.map(c => chunk.map(r => r[c]) as Knex.Value),
        );
      }
    } else {
      for (const chunk of chunks(rows, SQLITE_INSERT_CHUNK)) {
        const json = JSON.stringify(
          chunk.map(r => PG_COLUMNS.slice(1).map(c => r[c])),
        );
        await tx.raw(SQLITE_INSERT, [runId, json]);
      }
    }
    await forgetSeenInUse(tx, runId, outcomes);
    // Only a guarded delete's outcomes can resolve a pending delete; a `failed` label stays
    // pending: the next run re-checks whether Tower deleted it after all.
    await clearPendingDeletes(
      tx,
      runId,
      outcomes
        .filter(o => o.action === 'deleted' || o.reason === 'raced')
        .map(o => o.labelId),
    );
  });
}

export async function listOutcomes(
  db: Knex,
  runId: string,
  options: { limit: number; offset: number } & OutcomeFilter,
): Promise<{ items: LabelOutcome[]; total: number }> {
  const { limit, offset, ...filter } = options;
  const [countRow, rows] = await Promise.all([
    filteredOutcomes(db, runId, filter).count({ total: '*' }).first(),
    filteredOutcomes(db, runId, filter)
      .select('*')
      .orderBy('seq', 'asc')
      .offset(offset)
      .limit(limit),
  ]);
  return {
    items: rows.map(rowToOutcome),
    total: Number(countRow?.total ?? 0),
  };
}

/**
 * The outcomes of a run that pass `filter`, in pages of `pageSize` read by keyset on `seq`:
 * never more than one page in memory, and no OFFSET scan.
 */
export async function* iterateOutcomes(
  db: Knex,
  runId: string,
  filter: OutcomeFilter,
  pageSize: number,
): AsyncGenerator<LabelOutcome[]> {
  let after = 0;
  for (;;) {
    const rows: OutcomeRow[] = await filteredOutcomes(db, runId, filter)
      .andWhere('seq', '>', after)
      .select('*')
      .orderBy('seq', 'asc')
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map(rowToOutcome);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].seq;
  }
}

/** Deletes the outcomes of the given runs in bounded statements. */
export async function deleteOutcomesOfRuns(
  db: Knex,
  runIds: string[],
): Promise<void> {
  for (const runId of runIds) {
    const last = await db<OutcomeRow>(OUTCOMES)
      .max({ max_seq: 'seq' })
      .where({ run_id: runId })
      .first();
    const maxSeq = Number(last?.max_seq ?? 0);
    for (let low = 0; low < maxSeq; low += DELETE_SPAN) {
      await db<OutcomeRow>(OUTCOMES)
        .where({ run_id: runId })
        .andWhere('seq', '>', low)
        .andWhere('seq', '<=', low + DELETE_SPAN)
        .delete();
    }
  }
}
