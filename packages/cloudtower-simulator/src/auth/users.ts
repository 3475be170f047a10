/** Who may log in to the simulated Tower: a user of the local directory or of LDAP. */
export type UserSource = 'LOCAL' | 'LDAP';

/** The `source` of a login: a user source, or AUTHN (3.x: an LDAP user through `auth_config_id`). */
export type LoginSource = UserSource | 'AUTHN';

export interface SimulatorUser {
  username: string;
  password: string;
  source: UserSource;
}

/** One entry of `authnStrategies` (3.x): an authentication config LDAP users log in through. */
export interface AuthnStrategy {
  id: string;
  type: string;
}

/** The id of the LDAP strategy a current Tower with LDAP users answers (unless configured). */
export const DEFAULT_LDAP_STRATEGY_ID = 'cldapauthnconfig000000001';

/** How a Tower authenticates, from SimulatorOptions. */
export interface AuthMode {
  /** Legacy Tower: LDAP users log in with source LDAP; no authnStrategies. */
  legacy?: boolean;
  /** Overrides the answer of `authnStrategies` (default: one LDAP strategy when there are LDAP users). */
  authnStrategies?: AuthnStrategy[];
  /** A password login returns no token. */
  twoFactor?: boolean;
  /** Accepted as the raw Authorization header, with no login. */
  apiKeys?: string[];
  /** Accounts lock after refused logins (default: never). */
  lockout?: Lockout;
}

/**
 * Tower's account lockout (`userLoginInfoes { miss_num locked_at }`), as modelled here: refused
 * password logins of an existing user count up; at `afterMisses` in a row the account locks,
 * and a locked account's logins are refused even with the right password. The window and the
 * lock's length are not public: both are options.
 */
export interface Lockout {
  afterMisses: number;
  /** A miss this long after the one before counts from 1 again (default: never). */
  missWindowMs?: number;
  /** How long a lock lasts (default: until `unlock`). */
  lockedForMs?: number;
}

/** One account's `userLoginInfoes` row. */
export interface UserLoginInfo {
  username: string;
  source: UserSource;
  miss_num: number;
  /** ISO time the account locked; null while it is not locked. */
  locked_at: string | null;
}
