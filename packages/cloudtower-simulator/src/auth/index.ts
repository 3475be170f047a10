export {
  AuthService,
  DEFAULT_PASSWORD,
  DEFAULT_USERNAME,
  DEFAULT_USERS,
  DEFAULT_USER_SOURCE,
} from './AuthService';
export type { TokenInfo } from './AuthService';
export type { SimulatorUser, UserSource } from './users';
