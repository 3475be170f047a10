import { randomBytes } from 'node:crypto';
import { NotFoundError } from '@backstage/errors';
import type { Knex } from 'knex';
import type {
  LabelOutcome,
  OutcomeFilter,
  OutcomePage,
  PluginRunErrorCode,
  Run,
  RunClock,
  RunCounts,
  RunNote,
  RunRelations,
  RunSettings,
  RunStatus,
  RunSummary,
  SourceCount,
} from '@smartx-cape/plugin-cape-labels-common';
import { chunks } from '../lib/chunks';
import { plainValue } from '../lib/plainText';
import {
  deleteWhereIn,
  insertBatch,
  isPostgres,
  type BatchColumn,
} from './dialect';
import { SIGN_OF_LIFE, aliveSince } from './liveness';
import {
  forgetPendingDeletes,
  type PendingBatchId,
} from './PendingDeletesDatabase';
import { pruneRuns, type Retention } from './retention';
import {
  ROUTINE_REASONS,
  addedCounts,
  countColumns,
  rowToOutcome,
  rowToSummary,
  storedError,
} from './rowMapping';
import { ConnectedStore, readInChunks } from './storeConnection';
import {
  OUTCOMES,
  RUNS,
  SIGHTINGS,
  outcomesOf,
  runs,
  type DbBigInt,
  type OutcomeRow,
  type RunRow,
} from './tables';

export type NewRun = Pick<
  RunSummary,
  'towerId' | 'trigger' | 'requestedBy' | 'dryRun' | 'instance' | 'instanceId'
> & { startedAt: Date; settings: RunSettings };

type RunEnd = Pick<RunSummary, 'counts' | 'error' | 'notes'> & {
  status: Exclude<RunStatus, 'running' | 'lost'>;
  finishedAt: Date;
};

type LostRun = Pick<RunSummary, 'id' | 'trigger' | 'requestedBy' | 'dryRun'>;

/** Towers per lastRuns query on SQLite: a UNION ALL term each (SQLite allows 500). */
const LAST_RUNS_CHUNK = 100;

const OUTCOME_FIELDS = {
  label_id: 'labelId',
  key: 'key',
  value: 'value',
  created_at: 'createdAt',
  action: 'action',
  reason: 'reason',
  relation: 'relation',
  detail: 'detail',
} as const satisfies Partial<Record<keyof OutcomeRow, keyof LabelOutcome>>;

// Out of the per-row loop: a sweep builds one row per label it looked at.
const OUTCOME_FIELD_NAMES = Object.values(OUTCOME_FIELDS);

const OUTCOME_COLUMNS: BatchColumn[] = [
  { name: 'seq', type: 'int' },
  ...Object.keys(OUTCOME_FIELDS).map(name => ({ name, type: 'text' as const })),
];

/** A label kept in use or not a candidate starts its confirmation (rule 6) over. */
const SEEN_IN_USE = new Set<string | undefined>([
  'referenced',
  'count-nonzero',
  'young',
]);

function liveRuns(db: Knex, where: Partial<RunRow> = {}, since = aliveSince()) {
  return runs(db, { ...where, status: 'running' }).whereRaw(
    `${SIGN_OF_LIFE} >= ?`,
    [since],
  );
}

export async function insertRun(db: Knex, run: NewRun): Promise<RunSummary> {
  const startedAt = run.startedAt.getTime();
  const [row] = await db<RunRow>(RUNS).insert(
    {
      // Time-ordered and unique across replicas: zero-padded epoch ms plus a random suffix.
      id: `${String(startedAt).padStart(13, '0')}-${randomBytes(5).toString('hex')}`,
      tower_id: run.towerId,
      trigger: run.trigger,
      requested_by: run.requestedBy ?? null,
      dry_run: run.dryRun,
      status: 'running',
      started_at: startedAt,
      heartbeat_at: startedAt,
      instance: run.instance,
      instance_id: run.instanceId ?? null,
      settings: JSON.stringify(run.settings),
    },
    '*',
  );
  return rowToSummary(row, startedAt);
}

/** Last in its transaction: it locks the run's row, which the run's other writers need. */
async function addToRunCounters(
  tx: Knex,
  runId: string,
  counts: Record<string, number>,
): Promise<void> {
  const updated = await tx(RUNS).where({ id: runId }).increment(counts);
  if (updated === 0) throw new NotFoundError(`run ${runId} not found`);
}

/** One atomic increment: disjoint ranges for concurrent writers (a gap is harmless); locks the run's row. */
async function reserveOutcomeSeqs(db: Knex, runId: string, count: number) {
  const [row] = await runs(db, { id: runId })
    .increment('outcome_seq', count)
    .returning(['outcome_seq', 'tower_id']);
  if (!row) throw new NotFoundError(`run ${runId} not found`);
  return {
    firstSeq: Number(row.outcome_seq) - count + 1,
    towerId: row.tower_id,
  };
}

async function insertOutcomeRows(
  tx: Knex,
  runId: string,
  firstSeq: number,
  outcomes: readonly LabelOutcome[],
): Promise<void> {
  // A loop, not a spread of a mapped array: this runs once per label a sweep looked at.
  const rows = outcomes.map((o, i) => {
    const row: (string | number | null)[] = [firstSeq + i];
    for (const field of OUTCOME_FIELD_NAMES) row.push(o[field] ?? null);
    return row;
  });
  await insertBatch(tx, OUTCOMES, OUTCOME_COLUMNS, rows, {
    run_id: runId,
  });
}

/** Case-insensitive: SQLite's LIKE folds ASCII letters only. */
function filteredOutcomes(db: Knex, runId: string, filter: OutcomeFilter) {
  const query = outcomesOf(db, runId);
  for (const column of ['action', 'reason', 'key'] as const)
    if (filter[column] !== undefined) query.andWhere(column, filter[column]);
  if (filter.search !== undefined) {
    // `%`, `_` and the escape character itself match literally in the search.
    const pattern = `%${filter.search.replace(/[\\%_]/g, c => `\\${c}`)}%`;
    query.whereILike('value', db.raw(`? escape '\\'`, [pattern]));
  }
  return query;
}

function outcomesInOrder(db: Knex, runId: string, filter: OutcomeFilter) {
  return filteredOutcomes(db, runId, filter).select('*').orderBy('seq', 'asc');
}

async function newestRows(db: Knex, towerIds: string[]): Promise<RunRow[]> {
  if (isPostgres(db)) {
    // For 10 Towers PostgreSQL took 10-25 ms to plan the UNION ALL below; LATERAL probes: ~1 ms in all.
    const { rows } = (await db.raw(
      `select r.* from unnest(?::text[]) as t(tower_id)
        cross join lateral (
          select * from ${RUNS} where ${RUNS}.tower_id = t.tower_id order by seq desc limit 1
        ) r`,
      [towerIds],
    )) as { rows: RunRow[] };
    return rows;
  }
  // A `max(seq) where tower_id = ?` per Tower, answered from an index, then a primary-key lookup each.
  const newestSeq = `select max(seq) from ${RUNS} where tower_id = ?`;
  return readInChunks(
    towerIds,
    ids =>
      db<RunRow>(RUNS).whereRaw(
        `seq in (${ids.map(() => newestSeq).join(' union all ')})`,
        ids,
      ),
    LAST_RUNS_CHUNK,
  );
}

/** Runs, with the outcomes they record. A `running` run without a recent heartbeat reads `lost`. */
export class RunsDatabase extends ConnectedStore {
  async createRun(run: NewRun): Promise<RunSummary> {
    return insertRun(this.db, run);
  }

  async setRunClock(runId: string, clock: RunClock): Promise<void> {
    await runs(this.db, { id: runId }).update({
      clock_source: clock.source,
      clock_skew_ms: clock.skewMs,
      clock_capped: clock.capped ?? null,
    });
  }

  async setRunRelations(runId: string, relations: RunRelations): Promise<void> {
    await runs(this.db, { id: runId }).update({
      relations: JSON.stringify(relations),
    });
  }

  async updateRunCounts(runId: string, counts: RunCounts): Promise<void> {
    await this.connection.bulkWrite(() =>
      runs(this.db, { id: runId }).update(countColumns(counts)),
    );
  }

  /** Only while `running`. Answers who asked the run to stop: it finds a stop without a read. */
  async heartbeat(runId: string, at: Date): Promise<string | undefined> {
    const [row] = await runs(this.db, {
      id: runId,
      status: 'running',
    }).update({ heartbeat_at: at.getTime() }, ['stopped_by']);
    return row?.stopped_by ?? undefined;
  }

  async finishRun(runId: string, end: RunEnd): Promise<RunSummary> {
    const [row] = await runs(this.db, { id: runId }).update(
      {
        status: end.status,
        finished_at: end.finishedAt.getTime(),
        ...countColumns(end.counts),
        ...storedError(end.error),
        ...(end.notes?.length ? { notes: JSON.stringify(end.notes) } : {}),
      },
      '*',
    );
    if (!row) throw new NotFoundError(`run ${runId} not found`);
    return rowToSummary(row, end.finishedAt.getTime());
  }

  /**
   * Records the Tower's lost runs as aborted, ended at their last heartbeat (a recent one may still
   * be finishing). Called by the Tower's lease holder before it sweeps, never by a read.
   */
  async abortLostRuns(towerId: string, now: Date): Promise<LostRun[]> {
    const lost = await runs(this.db, { tower_id: towerId, status: 'running' })
      .whereRaw(`${SIGN_OF_LIFE} < ?`, [aliveSince(now.getTime())])
      .update(
        {
          status: 'aborted',
          finished_at: this.db.raw(SIGN_OF_LIFE),
          error_message:
            'the replica running this sweep stopped before it finished',
          error_code: 'REPLICA_LOST' satisfies PluginRunErrorCode,
        },
        ['seq', 'id', 'trigger', 'requested_by', 'dry_run'],
      );
    return lost
      .sort((a, b) => a.seq - b.seq)
      .map(r => ({
        id: r.id,
        trigger: r.trigger,
        dryRun: Boolean(r.dry_run),
        ...(r.requested_by === null ? {} : { requestedBy: r.requested_by }),
      }));
  }

  /** Marks the Tower's live run as asked to stop by `requester`; its id, undefined when none runs. */
  async requestStop(
    towerId: string,
    requester: string,
  ): Promise<string | undefined> {
    const since = aliveSince();
    const live = () => liveRuns(this.db, { tower_id: towerId }, since);
    // The first stop names who stopped it; a second one only finds the run.
    await live().whereNull('stopped_by').update({ stopped_by: requester });
    const row = await live().orderBy('started_at', 'desc').first('id');
    return row?.id;
  }

  async stoppedBy(runId: string): Promise<string | undefined> {
    const row = await runs(this.db, { id: runId }).first('stopped_by');
    return row?.stopped_by ?? undefined;
  }

  /** Forgets a stop the scheduler could not carry out: the run had ended meanwhile. */
  async withdrawStop(runId: string): Promise<void> {
    await runs(this.db, { id: runId, status: 'running' }).update({
      stopped_by: null,
    });
  }

  async getRun(runId: string): Promise<Run | undefined> {
    const row = await runs(this.db, { id: runId }).first();
    if (!row) return undefined;
    const settings = JSON.parse(row.settings) as RunSettings;
    return { ...rowToSummary(row, Date.now()), settings };
  }

  /** Newest first; `before` is a run id (keyset), a `NotFoundError` when not the Tower's. */
  async listRuns(
    towerId: string,
    { limit, before }: { limit: number; before?: string },
  ): Promise<RunSummary[]> {
    const query = runs(this.db, { tower_id: towerId })
      .orderBy('seq', 'desc')
      .limit(limit);
    if (before !== undefined) {
      const cursor = await runs(this.db, { id: before, tower_id: towerId })
        .select('seq')
        .first();
      if (!cursor)
        throw new NotFoundError(`No run '${before}' of Tower '${towerId}'`);
      query.andWhere('seq', '<', cursor.seq);
    }
    const now = Date.now();
    return (await query).map(row => rowToSummary(row, now));
  }

  async lastRuns(towerIds: string[]): Promise<Map<string, RunSummary>> {
    const now = Date.now();
    const rows = await newestRows(this.db, [...new Set(towerIds)]);
    return new Map(rows.map(row => [row.tower_id, rowToSummary(row, now)]));
  }

  async runningTowers(towerIds: string[]): Promise<Set<string>> {
    const rows = await readInChunks(towerIds, ids =>
      liveRuns(this.db).distinct('tower_id').whereIn('tower_id', ids),
    );
    return new Set(rows.map(row => row.tower_id));
  }

  /**
   * Start of the Tower's newest scheduled sweep that ran to an end (succeeded, partial or failed:
   * an aborted or lost one did not do the schedule's work): the schedule's anchor.
   */
  async lastScheduledStart(towerId: string): Promise<Date | undefined> {
    const row = await runs(this.db, {
      tower_id: towerId,
      trigger: 'schedule',
    })
      .whereIn('status', ['succeeded', 'partial', 'failed'])
      .orderBy('seq', 'desc')
      .first('started_at');
    return row ? new Date(Number(row.started_at)) : undefined;
  }

  /**
   * When each Tower's newest succeeded run finished (epoch ms); Towers without one absent. A
   * preview counts too. From the shared database, so every replica tells the same.
   */
  async lastSucceeded(towerIds: string[]): Promise<Map<string, number>> {
    const rows = await readInChunks(towerIds, ids =>
      runs(this.db, { status: 'succeeded' })
        .select('tower_id')
        .max({ finished_at: 'finished_at' })
        .whereNotNull('finished_at')
        .whereIn('tower_id', ids)
        .groupBy('tower_id'),
    );
    return new Map(rows.map(row => [row.tower_id, Number(row.finished_at)]));
  }

  async pruneRuns(towerId: string, keep: Retention): Promise<number> {
    return this.connection.bulkWrite(() => pruneRuns(this.db, towerId, keep));
  }

  /**
   * In one transaction: appends the outcomes, counts them on the run, forgets the sightings of
   * labels seen in use and the pending deletes of the guarded delete `settles` they resolve.
   */
  async addOutcomes(
    runId: string,
    outcomes: LabelOutcome[],
    settles?: PendingBatchId,
  ): Promise<void> {
    if (outcomes.length === 0) return;
    await this.connection.bulkWrite(async () => {
      // Numbered apart and counted last, so the run's row is locked briefly and batches written at
      // once (PostgreSQL) insert side by side instead of one after another.
      const { firstSeq, towerId } = await reserveOutcomeSeqs(
        this.db,
        runId,
        outcomes.length,
      );
      await this.db.transaction(async tx => {
        await insertOutcomeRows(tx, runId, firstSeq, outcomes);
        const inUse = outcomes
          .filter(o => o.action === 'kept' && SEEN_IN_USE.has(o.reason))
          .map(o => o.labelId);
        await deleteWhereIn(tx, SIGHTINGS, 'label_id', inUse, {
          tower_id: towerId,
        });
        // A `failed` label stays pending: the next run re-checks whether Tower deleted it.
        if (settles !== undefined) {
          const resolved = outcomes
            .filter(o => o.action !== 'failed')
            .map(o => o.labelId);
          await forgetPendingDeletes(tx, runId, new Set(resolved), settles);
        }
        await addToRunCounters(tx, runId, addedCounts(outcomes));
      });
    });
  }

  /**
   * Records labels a later run found deleted as deleted by `runId`, with `note`, and forgets
   * their pending deletes. False: the run is gone.
   */
  async recordLateDeletions(
    runId: string,
    labels: LabelOutcome[],
    note: RunNote,
  ): Promise<boolean> {
    return this.connection.bulkWrite(() =>
      this.db.transaction(async tx => {
        const run = await runs(tx, { id: runId }).first('notes');
        if (!run) return false;
        const ids = labels.map(l => l.labelId);
        const recorded = new Set<string>();
        let corrected = 0;
        // Kept in use after a lost answer, its write-ahead row kept: Tower may still have deleted it.
        const keptCorrected: LabelOutcome[] = [];
        for (const chunk of chunks(ids)) {
          const rows = await outcomesOf(tx, runId).whereIn('label_id', chunk);
          for (const r of rows) {
            recorded.add(r.label_id);
            if (r.action === 'kept') keptCorrected.push(rowToOutcome(r));
          }
          corrected += await outcomesOf(tx, runId)
            .whereIn('action', ['failed', 'kept'])
            .whereIn('label_id', chunk)
            .update({ action: 'deleted', reason: null, relation: null });
        }
        const unrecorded = labels.filter(l => !recorded.has(l.labelId));
        const { firstSeq } = await reserveOutcomeSeqs(
          tx,
          runId,
          unrecorded.length,
        );
        const deleted = unrecorded.map((l): LabelOutcome => ({
          labelId: l.labelId,
          key: l.key,
          value: l.value,
          createdAt: l.createdAt,
          action: 'deleted',
        }));
        await insertOutcomeRows(tx, runId, firstSeq, deleted);
        // Counted, not recounted: the run may no longer list its routine keeps.
        const { outcome_rows: _rows, ...keptColumns } =
          addedCounts(keptCorrected);
        await addToRunCounters(tx, runId, {
          scanned: unrecorded.length,
          candidates: unrecorded.length,
          outcome_rows: unrecorded.length,
          deleted: corrected + unrecorded.length,
          failed: keptCorrected.length - corrected,
          kept: -keptCorrected.length,
          ...Object.fromEntries(
            Object.entries(keptColumns).map(([column, n]) => [column, -n]),
          ),
        });
        const notes: unknown[] = run.notes ? JSON.parse(run.notes) : [];
        await runs(tx, { id: runId }).update({
          notes: JSON.stringify([...notes, note]),
        });
        await forgetPendingDeletes(tx, runId, new Set(ids));
        return true;
      }),
    );
  }

  /** A page of the run's outcomes that pass the filter; NotFoundError when the run does not exist. */
  async listOutcomes(
    runId: string,
    options: { limit: number; offset: number } & OutcomeFilter,
  ): Promise<OutcomePage> {
    const { limit, offset, ...filter } = options;
    // Unfiltered, the run's row counter is the total: no count(*) over its (maybe 100,000) rows.
    const filtered = Object.values(filter).some(v => v !== undefined);
    const [run, countRow, rows] = await Promise.all([
      runs(this.db, { id: runId }).first('routine_listed', 'outcome_rows'),
      filtered
        ? filteredOutcomes(this.db, runId, filter).count({ total: '*' }).first()
        : undefined,
      outcomesInOrder(this.db, runId, filter).offset(offset).limit(limit),
    ]);
    if (!run) throw new NotFoundError(`No run '${runId}'`);
    return {
      items: rows.map(rowToOutcome),
      total: Number(filtered ? (countRow?.total ?? 0) : run.outcome_rows),
      countedOnly: run.routine_listed ? [] : [...ROUTINE_REASONS],
    };
  }

  /** The run's outcomes passing `filter`, by keyset on `seq` in pages of `pageSize`: one page in memory. */
  async *iterateOutcomes(
    runId: string,
    filter: OutcomeFilter,
    pageSize: number,
  ): AsyncGenerator<LabelOutcome[]> {
    let after = 0;
    for (;;) {
      const rows = await outcomesInOrder(this.db, runId, filter)
        .andWhere('seq', '>', after)
        .limit(pageSize);
      if (rows.length === 0) return;
      yield rows.map(rowToOutcome);
      if (rows.length < pageSize) return;
      after = rows[rows.length - 1].seq;
    }
  }

  /** Values of `key` the Tower's runs since `since` deleted most (ties by value), grouped in the database. */
  async topDeletedValues(options: {
    towerId: string;
    key: string;
    since: Date;
    limit: number;
  }): Promise<SourceCount[]> {
    const rows = (await this.db(`${OUTCOMES} as o`)
      .join(`${RUNS} as r`, 'r.id', 'o.run_id')
      .where('r.tower_id', options.towerId)
      .andWhere('r.started_at', '>=', options.since.getTime())
      .andWhere('o.action', 'deleted')
      .andWhere('o.key', options.key)
      .whereNotNull('o.value')
      .groupBy('o.value')
      .select('o.value as value')
      .count({ deleted: '*' })
      .orderBy('deleted', 'desc')
      .orderBy('value', 'asc')
      .limit(options.limit)) as Array<{ value: string; deleted: DbBigInt }>;
    return rows.map(r => ({
      value: plainValue(r.value),
      deleted: Number(r.deleted),
    }));
  }
}
