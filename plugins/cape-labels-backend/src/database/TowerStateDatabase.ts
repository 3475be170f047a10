import { ConnectedStore, readInChunks } from './storeConnection';
import {
  LOGIN_BACKOFFS,
  NOTIFIED_HEALTH,
  type LoginBackoffRow,
  type NotifiedHealth,
  type NotifiedHealthRow,
} from './tables';

export type LoginBackoff = {
  refusals: number;
  lastCode: string;
  lastRefusedAt: Date;
  nextLoginAt: Date;
  /** The credentials refused, as a salted hash: a config change shows as a different hash. */
  credentials: { salt: string; hash: string };
};

/** Per Tower, shared by every replica: the health its owners were last told about, and its login backoff. */
export class TowerStateDatabase extends ConnectedStore {
  async getNotifiedHealth(
    towerId: string,
  ): Promise<NotifiedHealth | undefined> {
    const row = await this.db<NotifiedHealthRow>(NOTIFIED_HEALTH)
      .where({ tower_id: towerId })
      .first('health');
    return row?.health;
  }

  async setNotifiedHealth(
    towerId: string,
    health: NotifiedHealth,
    runId: string,
    at: Date,
  ): Promise<void> {
    await this.db<NotifiedHealthRow>(NOTIFIED_HEALTH)
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
    const rows = await readInChunks(towerIds, ids =>
      this.db<LoginBackoffRow>(LOGIN_BACKOFFS).whereIn('tower_id', ids),
    );
    return new Map(
      rows.map(row => [
        row.tower_id,
        {
          refusals: row.refusals,
          lastCode: row.last_code,
          lastRefusedAt: new Date(Number(row.last_refused_at)),
          nextLoginAt: new Date(Number(row.next_login_at)),
          credentials: {
            salt: row.credentials_salt,
            hash: row.credentials_hash,
          },
        },
      ]),
    );
  }

  async setLoginBackoff(towerId: string, backoff: LoginBackoff): Promise<void> {
    await this.db<LoginBackoffRow>(LOGIN_BACKOFFS)
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
    await this.db(LOGIN_BACKOFFS).where({ tower_id: towerId }).delete();
  }
}
