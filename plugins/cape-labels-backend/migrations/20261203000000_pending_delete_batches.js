// @ts-check

/*
 * The write-ahead record of a guarded delete becomes one row per delete (its labels as a JSON
 * array of [label_id, key, value, created_at]) instead of one row per label: a 100,000-label
 * sweep wrote and removed 50,000 rows before, about 100 now. Labels pending from earlier runs
 * are carried over, one row per run.
 */

const OLD = 'cape_labels_pending_deletes';
const NEW = 'cape_labels_pending_delete_batches';
/** Labels per carried-over row (a guarded delete's size). */
const PER_ROW = 500;

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable(NEW, table => {
    table.comment(
      'Guarded deletes whose outcome is not known yet: one row per deleteManyLabels',
    );
    table.increments('id');
    table.string('tower_id', 255).notNullable();
    table.string('run_id', 64).notNullable();
    table.text('labels').notNullable();
    table.index(['tower_id'], 'cape_labels_pending_delete_batches_tower_idx');
    table.index(['run_id'], 'cape_labels_pending_delete_batches_run_idx');
  });
  const rows = await knex(OLD).select('*').orderBy(['run_id', 'label_id']);
  /** @type {Map<string, { tower_id: string; run_id: string; labels: unknown[][] }>} */
  const byRun = new Map();
  for (const r of rows) {
    const batch = byRun.get(r.run_id) ?? {
      tower_id: r.tower_id,
      run_id: r.run_id,
      labels: /** @type {unknown[][]} */ ([]),
    };
    batch.labels.push([r.label_id, r.key, r.value, r.created_at]);
    byRun.set(r.run_id, batch);
  }
  for (const batch of byRun.values()) {
    for (let i = 0; i < batch.labels.length; i += PER_ROW) {
      await knex(NEW).insert({
        tower_id: batch.tower_id,
        run_id: batch.run_id,
        labels: JSON.stringify(batch.labels.slice(i, i + PER_ROW)),
      });
    }
  }
  await knex.schema.dropTable(OLD);
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.createTable(OLD, table => {
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
  const batches = await knex(NEW).select('*').orderBy('id');
  for (const b of batches) {
    /** @type {string[][]} */
    const labels = JSON.parse(b.labels);
    for (let i = 0; i < labels.length; i += 100) {
      await knex(OLD)
        .insert(
          labels.slice(i, i + 100).map(([labelId, key, value, createdAt]) => ({
            tower_id: b.tower_id,
            run_id: b.run_id,
            label_id: labelId,
            key,
            value,
            created_at: createdAt,
          })),
        )
        .onConflict(['run_id', 'label_id'])
        .ignore();
    }
  }
  await knex.schema.dropTable(NEW);
};
