export { RequestLog, summarizeArgs } from './RequestLog';
export type {
  ArgsSummary,
  RequestCounters,
  RequestLogEntry,
} from './RequestLog';
