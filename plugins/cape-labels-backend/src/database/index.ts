export {
  createRunStore,
  migrateRunStore,
  migrationsDirectory,
  type RunStore,
} from './RunStore';
export { HEARTBEAT_INTERVAL_MS } from './liveness';
export { REPLICA_LOST, type LostRun } from './lostRuns';
export type { PendingBatchId, PendingDelete } from './pendingDeletes';
export type { SweepRequest } from './requests';
export type { Retention } from './retention';
export type { NewRun, RunEnd } from './runWrites';
