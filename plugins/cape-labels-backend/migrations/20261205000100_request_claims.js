// @ts-check

/**
 * `claimed_by`: the run a request waits behind in its start; the row stays until the request's
 * own run is recorded, so a claim whose run went silent is taken up again.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('cape_labels_requests', table => {
    table.string('claimed_by', 64).nullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('cape_labels_requests', table => {
    table.dropColumn('claimed_by');
  });
};
