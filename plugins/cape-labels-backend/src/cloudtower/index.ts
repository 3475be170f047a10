export * from './types';
export * from './errors';
export { createTowerClient } from './TowerClient';
export {
  DEFAULT_MAX_IN_FLIGHT,
  DEFAULT_MAX_RESPONSE_BYTES,
} from './connection';
