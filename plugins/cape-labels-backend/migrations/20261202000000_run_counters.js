// @ts-check

/*
 * Counters a run's summary needs, stored on the run instead of recounted from its outcomes:
 * - `would_delete`: labels a dry run would have deleted;
 * - `kept_<reason>`: labels kept for each reason (`count-nonzero` and `young`, the routine
 *   keeps, are listed per label for the newest runs of a Tower only);
 * - `routine_listed`: false once the run's routine keeps were forgotten (only counted).
 * Existing runs are backfilled from their outcomes, which they all still hold.
 */

const KEPT = {
  referenced: 'kept_referenced',
  'count-nonzero': 'kept_count_nonzero',
  young: 'kept_young',
  unconfirmed: 'kept_unconfirmed',
  cap: 'kept_cap',
  raced: 'kept_raced',
};

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.integer('would_delete').notNullable().defaultTo(0);
    for (const column of Object.values(KEPT))
      table.integer(column).notNullable().defaultTo(0);
    table.boolean('routine_listed').notNullable().defaultTo(true);
  });
  // One pass over the outcomes, then one update per run that has counts.
  /** @type {Array<{ run_id: string; action: string; reason: string | null; n: number | string }>} */
  const rows = await knex('cape_labels_outcomes')
    .select('run_id', 'action', 'reason')
    .count({ n: '*' })
    .whereIn('action', ['would-delete', 'kept'])
    .groupBy('run_id', 'action', 'reason');
  /** @type {Map<string, Record<string, number>>} */
  const byRun = new Map();
  for (const row of rows) {
    const column =
      row.action === 'would-delete'
        ? 'would_delete'
        : KEPT[/** @type {keyof typeof KEPT} */ (row.reason ?? '')];
    if (!column) continue;
    const counts = byRun.get(row.run_id) ?? {};
    counts[column] = (counts[column] ?? 0) + Number(row.n);
    byRun.set(row.run_id, counts);
  }
  for (const [runId, counts] of byRun)
    await knex('cape_labels_runs').where({ id: runId }).update(counts);
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.dropColumn('would_delete');
    for (const column of Object.values(KEPT)) table.dropColumn(column);
    table.dropColumn('routine_listed');
  });
};
