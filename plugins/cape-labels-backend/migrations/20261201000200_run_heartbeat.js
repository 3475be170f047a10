// @ts-check

/**
 * A running sweep's heartbeat (epoch ms): written every second while it runs. A run whose
 * heartbeat is older than a few seconds belongs to a replica that stopped (shown `lost`).
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.bigInteger('heartbeat_at').nullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.dropColumn('heartbeat_at');
  });
};
