// @ts-check

/**
 * `clock_capped`: Tower's clock was further ahead of ours than `capeLabels.maxClockAhead`, so the
 * run's age cutoff was taken only that far ahead (`clock_skew_ms` keeps the measured skew). Null
 * on runs recorded before the cap existed and on runs whose clock was not capped.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.boolean('clock_capped').nullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.dropColumn('clock_capped');
  });
};
