export * from './types';
export * from './errors';
export { createTowerClient } from './TowerClient';
export {
  DEFAULT_MAX_IN_FLIGHT,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from './connection';
export type { TowerClientDeps, TowerClientLogger } from './TowerClient';
