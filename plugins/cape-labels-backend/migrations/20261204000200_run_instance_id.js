// @ts-check

/**
 * `instance_id`: the id of the backend instance that ran the run, from Backstage's
 * `rootInstanceMetadata` (unique per process start, never reused), beside `instance` (host:pid,
 * for people). Null on runs recorded before the column existed.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.string('instance_id', 255).nullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.dropColumn('instance_id');
  });
};
