// @ts-check

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('cape_labels_notified_health', table => {
    table.comment(
      'The health of each Tower as its owners were last told (bad or good)',
    );
    table.string('tower_id', 255).notNullable().primary();
    table.string('health', 8).notNullable();
    table.string('run_id', 64).notNullable();
    table.bigInteger('notified_at').notNullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('cape_labels_notified_health');
};
