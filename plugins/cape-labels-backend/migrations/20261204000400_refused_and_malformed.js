// @ts-check

/*
 * Two kept reasons more: `refused` (Tower refused to delete the label with a clear answer) and
 * `malformed` (its id or createdAt is not one Tower could have written), counted on the run like
 * the others; and an outcome's `detail`: Tower's words for a refused label, what is malformed for
 * a malformed one. Existing runs have none of either.
 */

const KEPT = ['kept_refused', 'kept_malformed'];

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    for (const column of KEPT) table.integer(column).notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('cape_labels_outcomes', table => {
    table.text('detail').nullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('cape_labels_outcomes', table => {
    table.dropColumn('detail');
  });
  await knex.schema.alterTable('cape_labels_runs', table => {
    for (const column of KEPT) table.dropColumn(column);
  });
};
