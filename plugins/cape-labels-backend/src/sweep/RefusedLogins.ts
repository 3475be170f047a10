import type { LoggerService } from '@backstage/backend-plugin-api';
import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import type { TowerConfig } from '../config/types';
import type { LoginBackoff, LoginBackoffStore } from '../database/RunStore';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  keylen: number,
) => Promise<Buffer>;

/** The wait after the first refused login; each further refusal in a row doubles it. */
const FIRST_LOGIN_BACKOFF_MS = 15 * 60_000;
const MAX_LOGIN_BACKOFF_MS = 24 * 60 * 60_000;

type RefusedLoginsOptions = {
  tower: TowerConfig;
  store: LoginBackoffStore;
  logger: LoggerService;
};

/**
 * One Tower's password logins refused in a row, kept in the store so every replica and a restart
 * back off alike: Tower locks an account after failed logins. An API key locks no account.
 */
export class RefusedLogins {
  private hashed?: { salt: string; hash: Promise<string> };

  constructor(private readonly options: RefusedLoginsOptions) {}

  /** The backoff in force: `stored` (default: the store's) when it was recorded for these credentials. */
  async current(stored?: LoginBackoff): Promise<LoginBackoff | undefined> {
    const { tower, store } = this.options;
    if (tower.credentials.kind !== 'password') return undefined;
    const backoff =
      stored ?? (await store.getLoginBackoffs([tower.id])).get(tower.id);
    if (!backoff) return undefined;
    const hash = await this.hash(backoff.credentials.salt);
    return hash === backoff.credentials.hash ? backoff : undefined;
  }

  async pausing(): Promise<LoginBackoff | undefined> {
    const backoff = await this.current();
    return backoff && backoff.nextLoginAt > new Date() ? backoff : undefined;
  }

  async refused(code: string): Promise<LoginBackoff> {
    const { tower, store, logger } = this.options;
    const before = await this.current();
    const salt = before?.credentials.salt ?? randomBytes(16).toString('hex');
    const refusals = (before?.refusals ?? 0) + 1;
    const at = new Date();
    const waitMs = Math.min(
      FIRST_LOGIN_BACKOFF_MS * 2 ** (refusals - 1),
      MAX_LOGIN_BACKOFF_MS,
    );
    const backoff: LoginBackoff = {
      refusals,
      lastCode: code,
      lastRefusedAt: at,
      nextLoginAt: new Date(at.getTime() + waitMs),
      credentials: { salt, hash: await this.hash(salt) },
    };
    await store.setLoginBackoff(tower.id, backoff);
    logger.warn(
      `Tower ${tower.id}: login refused (${code}), ${refusals} in a row; scheduled sweeps try the next login at ${backoff.nextLoginAt.toISOString()} (a change of the Tower's credentials or "Sweep now" tries at once)`,
    );
    return backoff;
  }

  async succeeded(): Promise<void> {
    await this.options.store.clearLoginBackoff(this.options.tower.id);
  }

  private hash(salt: string): Promise<string> {
    if (this.hashed?.salt !== salt) {
      const { server, credentials } = this.options.tower;
      const hash = scryptAsync(
        JSON.stringify({ server, ...credentials }),
        salt,
        32,
      ).then(key => key.toString('hex'));
      this.hashed = { salt, hash };
    }
    return this.hashed.hash;
  }
}
