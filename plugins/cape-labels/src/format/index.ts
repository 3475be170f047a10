export {
  exactTime,
  formatClock,
  formatDuration,
  relativeTime,
  shortTime,
} from './time';
export { triggerLabel, triggerName } from './trigger';
export { errorMessage, isNotAllowed, toError } from './errors';
export { isTowerRunning, towerStatus } from './towerStatus';
export type { ChipStatus } from './towerStatus';
export { runHeadline } from './runHeadline';
export type { RunHeadline } from './runHeadline';
export { formatReason, formatRelations } from './relations';
