import { randomBytes } from 'node:crypto';
import { SimulatorError } from '../errors';
import { SimulatorUser, UserSource } from './users';

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
  /** Short public id of the token ("t1", "t2", ...) for logs. */
  id: string;
  token: string;
  username: string;
  source: UserSource;
  issuedAt: number;
  revoked: boolean;
  /** Authenticated requests made with it. */
  requests: number;
}

/** Users, login, tokens (raw token in the Authorization header), logout and revocation. */
export class AuthService {
  private readonly tokens = new Map<string, TokenInfo>();
  private seq = 0;

  constructor(private users: SimulatorUser[] = [...DEFAULT_USERS]) {}

  setUsers(users: SimulatorUser[]): void {
    this.users = [...users];
  }

  listUsers(): SimulatorUser[] {
    return [...this.users];
  }

  login(username: string, password: string, source: UserSource): TokenInfo {
    const user = this.users.find(
      u => u.username === username && u.source === source,
    );
    if (!user)
      throw new SimulatorError(
        `user ${username} not found in ${source}`,
        'USER_NOT_FOUND',
      );
    if (user.password !== password)
      throw new SimulatorError('login failed', 'LOGIN_FAILED');
    this.seq += 1;
    const info: TokenInfo = {
      id: `t${this.seq}`,
      token: randomBytes(24).toString('hex'),
      username,
      source,
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

  /** Revokes one token, given as the token itself or its id; returns whether one was found. */
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

  list(): Omit<TokenInfo, 'token'>[] {
    return [...this.tokens.values()].map(({ token: _token, ...rest }) => rest);
  }
}
