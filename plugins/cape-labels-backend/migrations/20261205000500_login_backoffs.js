// @ts-check

/*
 * Per Tower, the password logins Tower refused in a row and when the next may be tried, so that
 * every replica, and a restarted one, backs off alike. The credentials are kept only as a salted
 * scrypt hash, to tell whether the config changed since.
 */

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('cape_labels_login_backoffs', table => {
    table.comment('Password logins Tower refused in a row, per Tower');
    table.string('tower_id', 255).notNullable().primary();
    table.integer('refusals').notNullable();
    table.string('last_code', 128).notNullable();
    table.bigInteger('last_refused_at').notNullable();
    table.bigInteger('next_login_at').notNullable();
    table.string('credentials_salt', 64).notNullable();
    table.string('credentials_hash', 128).notNullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('cape_labels_login_backoffs');
};
