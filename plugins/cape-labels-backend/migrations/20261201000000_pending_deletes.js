// @ts-check

/*
 * Deletions in doubt. `notes`: a JSON array of sentences about a run's record (a count Tower
 * answered that the survivor read contradicts; a correction made by a later run).
 * `cape_labels_pending_deletes`: the labels of a guarded delete, written before it is sent and
 * removed once its outcome is known, so a delete whose answer (or whose record) was lost is
 * re-checked by the Tower's next run.
 */

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.text('notes').nullable();
  });
  await knex.schema.createTable('cape_labels_pending_deletes', table => {
    table.comment(
      'Labels sent to deleteManyLabels whose outcome is not known yet',
    );
    table.string('tower_id', 255).notNullable();
    table.string('run_id', 64).notNullable();
    table.string('label_id', 255).notNullable();
    table.text('key').notNullable();
    table.text('value').nullable();
    table.string('created_at', 64).notNullable();
    table.primary(['run_id', 'label_id'], 'cape_labels_pending_deletes_pkey');
    table.index(['tower_id'], 'cape_labels_pending_deletes_tower_idx');
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('cape_labels_pending_deletes');
  await knex.schema.alterTable('cape_labels_runs', table => {
    table.dropColumn('notes');
  });
};
