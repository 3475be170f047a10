import type { Knex } from 'knex';
import {
  NOTIFIED_HEALTH,
  type NotifiedHealth,
  type NotifiedHealthRow,
} from './tables';

export async function getNotifiedHealth(
  db: Knex,
  towerId: string,
): Promise<NotifiedHealth | undefined> {
  const row = await db<NotifiedHealthRow>(NOTIFIED_HEALTH)
    .select('health')
    .where({ tower_id: towerId })
    .first();
  return row?.health;
}

export async function setNotifiedHealth(
  db: Knex,
  towerId: string,
  health: NotifiedHealth,
  runId: string,
  at: Date,
): Promise<void> {
  await db<NotifiedHealthRow>(NOTIFIED_HEALTH)
    .insert({
      tower_id: towerId,
      health,
      run_id: runId,
      notified_at: at.getTime(),
    })
    .onConflict('tower_id')
    .merge();
}
