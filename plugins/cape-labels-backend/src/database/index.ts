export { createRunStore } from './createRunStore';
export type { RunStore } from './RunStore';
export { HEARTBEAT_INTERVAL_MS } from './liveness';
export type { PendingBatchId, PendingDelete } from './pendingDeletes';
export type { SweepRequest } from './requests';
export type { Retention } from './retention';
export type { NewRun } from './runWrites';
