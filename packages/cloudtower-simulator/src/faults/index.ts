export { FaultEngine } from './FaultEngine';
export type {
  FaultConfig,
  ErrorCodeAt,
  FaultDecision,
  HttpErrorAnswer,
  FaultMatch,
  FaultRule,
} from './FaultEngine';
