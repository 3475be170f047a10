// @ts-check

/**
 * `outcome_rows`: the outcome rows a run lists, kept by the transactions that add or forget
 * them, so an unfiltered page of a run's labels reads its total instead of counting up to
 * 100,000 rows. Existing runs are backfilled by counting their rows (one index range each).
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.integer('outcome_rows').notNullable().defaultTo(0);
  });
  await knex('cape_labels_runs').update({
    outcome_rows: knex.raw(
      `(select count(*) from cape_labels_outcomes o
        where o.run_id = cape_labels_runs.id)`,
    ),
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.dropColumn('outcome_rows');
  });
};
