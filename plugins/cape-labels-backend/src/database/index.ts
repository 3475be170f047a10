export { createRunStore } from './createRunStore';
export type { RunStore } from './RunStore';
export type { PendingBatchId, PendingDelete } from './pendingDeletes';
export type { SweepRequest } from './requests';
export type { Retention } from './retention';
export type { NewRun } from './runWrites';
