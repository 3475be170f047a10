export {
  AuthService,
  DEFAULT_PASSWORD,
  DEFAULT_USERNAME,
  DEFAULT_USERS,
  DEFAULT_USER_SOURCE,
} from './AuthService';
export type { TokenInfo } from './AuthService';
export { DEFAULT_LDAP_STRATEGY_ID } from './users';
export type {
  AuthnStrategy,
  LoginSource,
  Lockout,
  SimulatorUser,
  UserLoginInfo,
  UserSource,
} from './users';
