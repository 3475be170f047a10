import type { Knex } from 'knex';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { chunks } from '../lib/chunks';
import { isPostgres } from './dialect';
import { countAddedOutcomes } from './outcomeCounters';
import { OUTCOMES, RUNS, SIGHTINGS, type OutcomeRow } from './tables';
import { reserveOutcomeSeqs } from './outcomeSeq';
import { clearPendingDeletes } from './pendingDeletes';

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
  for (const chunk of chunks(ids)) {
    await tx(SIGHTINGS)
      .where({ tower_id: run.tower_id })
      .whereIn('label_id', chunk)
      .delete();
  }
}

/**
 * Appends outcomes in batches; never loads them all. In the same transaction: counts the kept
 * ones per reason on the run, forgets the sightings (rule 6) of labels kept `referenced`,
 * `count-nonzero` or `young`, and forgets the pending deletes the outcomes resolve.
 */
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
    await countAddedOutcomes(tx, runId, outcomes);
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
