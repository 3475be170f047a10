// @ts-check

/*
 * A label is unused only when no relation of Tower's `Label` references it: a run records which
 * relations it checked (JSON {source, checked}), and a label kept `referenced` names the relation
 * that held it.
 */

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.text('relations').nullable();
  });
  await knex.schema.alterTable('cape_labels_outcomes', table => {
    table.string('relation', 100).nullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('cape_labels_outcomes', table => {
    table.dropColumn('relation');
  });
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.dropColumn('relations');
  });
};
