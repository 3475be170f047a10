// @ts-check

/**
 * - `outcome_seq`: the last outcome number reserved by the run. Batches of one run write their
 *   outcomes concurrently; each reserves its range with one atomic increment of this counter, so
 *   numbers never collide (numbering from max(seq) + 1 did on PostgreSQL).
 * - `clock_source` / `clock_skew_ms`: whose clock the run's age cutoff was taken on ('tower' =
 *   the Date header of login's answer, 'local' = ours, when Tower sent no usable Date) and Tower's
 *   clock minus ours, in ms.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.integer('outcome_seq').notNullable().defaultTo(0);
    table.string('clock_source', 16).nullable();
    table.bigInteger('clock_skew_ms').nullable();
  });
  // Runs recorded before this migration continue after their last outcome.
  await knex('cape_labels_runs').update({
    outcome_seq: knex.raw(
      `coalesce((select max(o.seq) from cape_labels_outcomes o
        where o.run_id = cape_labels_runs.id), 0)`,
    ),
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.dropColumn('outcome_seq');
    table.dropColumn('clock_source');
    table.dropColumn('clock_skew_ms');
  });
};
