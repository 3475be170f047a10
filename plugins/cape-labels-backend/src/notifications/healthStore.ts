import type { Knex } from 'knex';

const TABLE = 'cape_labels_notified_health';

export type NotifiedHealth = 'bad' | 'good';

/** The health each Tower's owners were last told about; one row per Tower. */
export class NotifiedHealthStore {
  constructor(private readonly db: Knex) {}

  async get(towerId: string): Promise<NotifiedHealth | undefined> {
    const row = await this.db(TABLE).where({ tower_id: towerId }).first();
    return row?.health;
  }

  async set(
    towerId: string,
    health: NotifiedHealth,
    runId: string,
    at: Date,
  ): Promise<void> {
    await this.db(TABLE)
      .insert({
        tower_id: towerId,
        health,
        run_id: runId,
        notified_at: at.getTime(),
      })
      .onConflict('tower_id')
      .merge();
  }
}
