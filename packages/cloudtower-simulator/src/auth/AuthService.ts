import { randomBytes } from 'node:crypto';
import { SimulatorError } from '../errors';
import {
  AuthMode,
  AuthnStrategy,
  DEFAULT_LDAP_STRATEGY_ID,
  LoginSource,
  SimulatorUser,
  UserLoginInfo,
  UserSource,
} from './users';

export const DEFAULT_USERNAME = 'admin';
export const DEFAULT_PASSWORD = 'admin-password';
export const DEFAULT_USER_SOURCE: UserSource = 'LOCAL';
/** The users a simulator accepts when none are configured. */
export const DEFAULT_USERS: readonly SimulatorUser[] = Object.freeze([
  {
    username: DEFAULT_USERNAME,
    password: DEFAULT_PASSWORD,
    source: DEFAULT_USER_SOURCE,
  },
]);

export interface TokenInfo {
  /** Short public id ("t1", "t2", ... for tokens, "k1", "k2", ... for API keys) for logs. */
  id: string;
  token: string;
  username: string;
  source: UserSource;
  /** A login's token, or an API key (configured, used with no login; logout leaves it valid). */
  kind: 'token' | 'api-key';
  issuedAt: number;
  revoked: boolean;
  /** Authenticated requests made with it. */
  requests: number;
}

function failed(message: string): SimulatorError {
  return new SimulatorError(message, 'LOGIN_FAILED');
}

type Misses = { count: number; lastAt: number; lockedAt?: number };

const accountKey = (username: string, source: UserSource) =>
  `${source}\u0000${username}`;

/**
 * Users, login, tokens and API keys (raw, in the Authorization header), logout and revocation,
 * and the account lockout.
 */
export class AuthService {
  private readonly tokens = new Map<string, TokenInfo>();
  private readonly misses = new Map<string, Misses>();
  private seq = 0;

  constructor(
    private users: SimulatorUser[] = [...DEFAULT_USERS],
    private readonly mode: AuthMode = {},
    private readonly clock: () => Date = () => new Date(),
  ) {
    (mode.apiKeys ?? []).forEach((key, i) =>
      this.tokens.set(key, {
        id: `k${i + 1}`,
        token: key,
        username: '(api key)',
        source: 'LOCAL',
        kind: 'api-key',
        issuedAt: Date.now(),
        revoked: false,
        requests: 0,
      }),
    );
  }

  /** What `authnStrategies` answers: the configured ones, or one LDAP strategy if any user is LDAP's. */
  strategies(): AuthnStrategy[] {
    if (this.mode.authnStrategies) return [...this.mode.authnStrategies];
    return this.users.some(u => u.source === 'LDAP')
      ? [{ id: DEFAULT_LDAP_STRATEGY_ID, type: 'LDAP' }]
      : [];
  }

  /**
   * The directory a login reaches: LOCAL as given; on a legacy Tower LDAP as given; on a current one
   * LDAP users only through AUTHN with the id of an LDAP strategy (source LDAP fails, assumed).
   */
  private directory(
    source: LoginSource,
    authConfigId?: string | null,
  ): UserSource {
    if (source === 'LOCAL') return 'LOCAL';
    if (this.mode.legacy) {
      if (source === 'LDAP') return 'LDAP';
      throw failed(`source ${source} is not known to this Tower`);
    }
    if (source === 'LDAP')
      throw failed('LDAP users log in with source AUTHN and auth_config_id');
    const strategy = this.strategies().find(st => st.id === authConfigId);
    if (!strategy || strategy.type !== 'LDAP')
      throw failed('auth_config_id names no LDAP authentication config');
    return 'LDAP';
  }

  setUsers(users: SimulatorUser[]): void {
    this.users = [...users];
  }

  listUsers(): SimulatorUser[] {
    return [...this.users];
  }

  login(
    username: string,
    password: string,
    loginSource: LoginSource,
    authConfigId?: string | null,
  ): TokenInfo {
    const source = this.directory(loginSource, authConfigId);
    const user = this.users.find(
      u => u.username === username && u.source === source,
    );
    if (!user)
      throw new SimulatorError(
        `user ${username} not found in ${source}`,
        'USER_NOT_FOUND',
      );
    this.refuseLocked(user);
    if (user.password !== password) {
      this.countMiss(user);
      throw failed('login failed');
    }
    this.misses.delete(accountKey(user.username, user.source));
    if (this.mode.twoFactor)
      throw new SimulatorError(
        'two-factor authentication is enabled: a password login needs a second factor, use an API key',
        'MFA_REQUIRED',
      );
    this.seq += 1;
    const info: TokenInfo = {
      id: `t${this.seq}`,
      token: randomBytes(24).toString('hex'),
      username,
      source,
      kind: 'token',
      issuedAt: Date.now(),
      revoked: false,
      requests: 0,
    };
    this.tokens.set(info.token, info);
    return info;
  }

  /** A locked account's login is refused whatever the password (code assumed: none is public). */
  private refuseLocked(user: SimulatorUser): void {
    const key = accountKey(user.username, user.source);
    const lockedAt = this.misses.get(key)?.lockedAt;
    if (lockedAt === undefined) return;
    const { lockedForMs } = this.mode.lockout ?? {};
    if (
      lockedForMs !== undefined &&
      this.clock().getTime() - lockedAt >= lockedForMs
    ) {
      this.misses.delete(key);
      return;
    }
    throw new SimulatorError(
      `user ${user.username} is locked after too many failed logins`,
      'USER_LOCKED',
    );
  }

  private countMiss(user: SimulatorUser): void {
    const { lockout } = this.mode;
    if (!lockout) return;
    const key = accountKey(user.username, user.source);
    const now = this.clock().getTime();
    const before = this.misses.get(key);
    const window = lockout.missWindowMs ?? Infinity;
    const count = before && now - before.lastAt < window ? before.count + 1 : 1;
    this.misses.set(key, {
      count,
      lastAt: now,
      ...(count >= lockout.afterMisses ? { lockedAt: now } : {}),
    });
  }

  /** Every account's miss count and lock, as Tower's `userLoginInfoes` lists them. */
  loginInfos(): UserLoginInfo[] {
    return this.users.map(({ username, source }) => {
      const misses = this.misses.get(accountKey(username, source));
      return {
        username,
        source,
        miss_num: misses?.count ?? 0,
        locked_at:
          misses?.lockedAt === undefined
            ? null
            : new Date(misses.lockedAt).toISOString(),
      };
    });
  }

  /** Unlocks every account, as an administrator does in Tower. */
  unlockAll(): void {
    this.misses.clear();
  }

  /** The token's info if it is valid; undefined when missing, unknown or revoked. */
  check(token: string | undefined): TokenInfo | undefined {
    if (!token) return undefined;
    const info = this.tokens.get(token);
    return info && !info.revoked ? info : undefined;
  }

  /** Logout: revokes a login's token; an API key stays valid (it is deleted in Tower, not logged out). */
  logout(info: TokenInfo): void {
    if (info.kind === 'token') info.revoked = true;
  }

  /** Revokes one token or API key, given as itself or its id; returns whether one was found. */
  revoke(tokenOrId: string): boolean {
    const info =
      this.tokens.get(tokenOrId) ??
      [...this.tokens.values()].find(t => t.id === tokenOrId);
    if (!info) return false;
    info.revoked = true;
    return true;
  }

  revokeAll(): number {
    let n = 0;
    for (const t of this.tokens.values()) {
      if (!t.revoked) n++;
      t.revoked = true;
    }
    return n;
  }

  /** Tokens and API keys, never their values. */
  list(): Omit<TokenInfo, 'token'>[] {
    return [...this.tokens.values()].map(({ token: _token, ...rest }) => rest);
  }
}
