import { chunks } from '../lib/chunks';
import type { StoreConnection } from './storeConnection';
import {
  LOGIN_BACKOFFS,
  NOTIFIED_HEALTH,
  type LoginBackoffRow,
  type NotifiedHealth,
  type NotifiedHealthRow,
} from './tables';
import type {
  LoginBackoff,
  LoginBackoffStore,
  NotifiedHealthStore,
} from './TowerStateStore';

/** What the plugin keeps of each Tower between runs, apart from the runs. */
export class TowerStateDatabase
  implements NotifiedHealthStore, LoginBackoffStore
{
  constructor(private readonly connection: StoreConnection) {}

  async getNotifiedHealth(
    towerId: string,
  ): Promise<NotifiedHealth | undefined> {
    const row = await this.connection
      .db<NotifiedHealthRow>(NOTIFIED_HEALTH)
      .select('health')
      .where({ tower_id: towerId })
      .first();
    return row?.health;
  }

  async setNotifiedHealth(
    towerId: string,
    health: NotifiedHealth,
    runId: string,
    at: Date,
  ): Promise<void> {
    await this.connection
      .db<NotifiedHealthRow>(NOTIFIED_HEALTH)
      .insert({
        tower_id: towerId,
        health,
        run_id: runId,
        notified_at: at.getTime(),
      })
      .onConflict('tower_id')
      .merge();
  }

  async getLoginBackoffs(
    towerIds: string[],
  ): Promise<Map<string, LoginBackoff>> {
    const backoffs = new Map<string, LoginBackoff>();
    for (const ids of chunks(towerIds)) {
      const rows = await this.connection
        .db<LoginBackoffRow>(LOGIN_BACKOFFS)
        .whereIn('tower_id', ids);
      for (const row of rows) {
        backoffs.set(row.tower_id, {
          refusals: row.refusals,
          lastCode: row.last_code,
          lastRefusedAt: new Date(Number(row.last_refused_at)),
          nextLoginAt: new Date(Number(row.next_login_at)),
          credentials: {
            salt: row.credentials_salt,
            hash: row.credentials_hash,
          },
        });
      }
    }
    return backoffs;
  }

  async setLoginBackoff(towerId: string, backoff: LoginBackoff): Promise<void> {
    await this.connection
      .db<LoginBackoffRow>(LOGIN_BACKOFFS)
      .insert({
        tower_id: towerId,
        refusals: backoff.refusals,
        last_code: backoff.lastCode,
        last_refused_at: backoff.lastRefusedAt.getTime(),
        next_login_at: backoff.nextLoginAt.getTime(),
        credentials_salt: backoff.credentials.salt,
        credentials_hash: backoff.credentials.hash,
      })
      .onConflict('tower_id')
      .merge();
  }

  async clearLoginBackoff(towerId: string): Promise<void> {
    await this.connection
      .db(LOGIN_BACKOFFS)
      .where({ tower_id: towerId })
      .delete();
  }
}
