export { DatabaseRunStore } from './DatabaseRunStore';
export type {
  NewRun,
  PendingBatchId,
  PendingDelete,
  Retention,
  RunStore,
  SweepRequest,
} from './RunStore';
