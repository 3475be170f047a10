export {
  dateTime,
  exactTime,
  formatClock,
  formatDuration,
  relativeTime,
  shortTime,
} from './time';
export { formatAlternatives, formatCount } from './numbers';
export { runCounts } from './counts';
export { triggerName } from './trigger';
export {
  PLUGIN_RUN_ERROR_CODES,
  RUN_NOTE_CODES,
  runErrorText,
  runNoteText,
} from './runTexts';
export { errorMessage, isNotAllowed } from './errors';
export { isTowerRunning, statusName, towerStatus } from './towerStatus';
export type { ChipStatus } from './towerStatus';
export { runHeadline } from './runHeadline';
export type { RunHeadline } from './runHeadline';
export { formatRelations } from './relations';
export { actionName, formatReason, reasonName } from './outcomes';
export { isoDuration } from './rules';
