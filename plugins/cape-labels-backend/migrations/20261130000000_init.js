// @ts-check

/*
 * Timestamps are stored as epoch milliseconds (bigint): they sort and compare the same way on
 * SQLite and PostgreSQL, whatever the server's collation or time zone.
 */

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('cape_labels_runs', table => {
    table.comment('One sweep of one Tower');
    // Insertion order; keyset pagination and "newest run" use it.
    table.increments('seq');
    table.string('id', 64).notNullable().unique();
    table.string('tower_id', 255).notNullable();
    table.string('trigger', 16).notNullable();
    table.string('requested_by', 255).nullable();
    table.boolean('dry_run').notNullable();
    table.string('status', 16).notNullable();
    table.bigInteger('started_at').notNullable();
    table.bigInteger('finished_at').nullable();
    table.integer('scanned').notNullable().defaultTo(0);
    table.integer('candidates').notNullable().defaultTo(0);
    table.integer('deleted').notNullable().defaultTo(0);
    table.integer('kept').notNullable().defaultTo(0);
    table.integer('failed').notNullable().defaultTo(0);
    table.text('error_message').nullable();
    table.string('error_code', 255).nullable();
    table.string('instance', 255).notNullable();
    table.text('settings').notNullable();
    table.index(['tower_id', 'seq'], 'cape_labels_runs_tower_seq_idx');
    table.index(['status', 'tower_id'], 'cape_labels_runs_status_tower_idx');
  });

  await knex.schema.createTable('cape_labels_outcomes', table => {
    table.comment('What a run did with each label it looked at');
    table.string('run_id', 64).notNullable();
    table.integer('seq').notNullable();
    table.string('label_id', 255).notNullable();
    table.text('key').notNullable();
    table.text('value').nullable();
    table.string('created_at', 64).notNullable();
    table.string('action', 16).notNullable();
    table.string('reason', 16).nullable();
    table.primary(['run_id', 'seq'], 'cape_labels_outcomes_pkey');
    table.index(['run_id', 'action', 'seq'], 'cape_labels_outcomes_action_idx');
  });

  await knex.schema.createTable('cape_labels_sightings', table => {
    table.comment(
      'When a label was first and last seen as a candidate (rule 6)',
    );
    table.string('tower_id', 255).notNullable();
    table.string('label_id', 255).notNullable();
    table.bigInteger('first_seen_at').notNullable();
    table.bigInteger('last_seen_at').notNullable();
    table.primary(['tower_id', 'label_id'], 'cape_labels_sightings_pkey');
    table.index(
      ['tower_id', 'last_seen_at'],
      'cape_labels_sightings_last_seen_idx',
    );
  });

  await knex.schema.createTable('cape_labels_requests', table => {
    table.comment('Sweep requests waiting for the holder of the Tower lease');
    table.increments('seq');
    table.string('id', 64).notNullable().unique();
    table.string('tower_id', 255).notNullable();
    table.string('trigger', 16).notNullable();
    table.string('requested_by', 255).nullable();
    table.boolean('dry_run').notNullable();
    table.bigInteger('requested_at').notNullable();
    table.index(['tower_id', 'seq'], 'cape_labels_requests_tower_seq_idx');
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('cape_labels_requests');
  await knex.schema.dropTable('cape_labels_sightings');
  await knex.schema.dropTable('cape_labels_outcomes');
  await knex.schema.dropTable('cape_labels_runs');
};
