import { randomBytes } from 'node:crypto';
import { SimulatorError } from '../errors';
import {
  AuthMode,
  AuthnStrategy,
  DEFAULT_LDAP_STRATEGY_ID,
  LoginSource,
  SimulatorUser,
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

/** Users, login, tokens and API keys (raw, in the Authorization header), logout and revocation. */
export class AuthService {
  private readonly tokens = new Map<string, TokenInfo>();
  private seq = 0;

  constructor(
    private users: SimulatorUser[] = [...DEFAULT_USERS],
    private readonly mode: AuthMode = {},
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
    if (user.password !== password) throw failed('login failed');
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
