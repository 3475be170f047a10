import type { NotifiedHealth } from './tables';

export type LoginBackoff = {
  refusals: number;
  lastCode: string;
  lastRefusedAt: Date;
  nextLoginAt: Date;
  /** The credentials refused, as a salted hash: a config change shows as a different hash. */
  credentials: { salt: string; hash: string };
};

/** Where each Tower's login backoff is kept, shared by every replica. */
export interface LoginBackoffStore {
  /** Each Tower's backoff; Towers without one absent. */
  getLoginBackoffs(towerIds: string[]): Promise<Map<string, LoginBackoff>>;
  /** Writes the Tower's backoff in place of the one before. */
  setLoginBackoff(towerId: string, backoff: LoginBackoff): Promise<void>;
  /** Forgets it: a login succeeded. */
  clearLoginBackoff(towerId: string): Promise<void>;
}

/** The health each Tower's owners were last told about. */
export interface NotifiedHealthStore {
  getNotifiedHealth(towerId: string): Promise<NotifiedHealth | undefined>;
  setNotifiedHealth(
    towerId: string,
    health: NotifiedHealth,
    runId: string,
    at: Date,
  ): Promise<void>;
}
