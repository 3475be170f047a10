// @ts-check

/**
 * `stopped_by`: who asked to stop the run through `POST /towers/:towerId/stop` (a user's entity
 * ref or `service:<subject>`), set while it runs; the run's end notes it. `error_params`: the
 * figures and names of the run's error (JSON object), for a frontend that words the code itself.
 * Both null on runs recorded before the columns existed.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.string('stopped_by', 255).nullable();
    table.text('error_params').nullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.dropColumn('stopped_by');
    table.dropColumn('error_params');
  });
};
