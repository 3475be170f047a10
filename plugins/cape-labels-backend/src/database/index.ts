export {
  DatabaseRunStore,
  migrateRunStore,
  migrationsDirectory,
} from './DatabaseRunStore';
export { REPLICA_LOST } from './runs';
export type { NewRun, RunEnd, RunStore, SweepRequest } from './types';
