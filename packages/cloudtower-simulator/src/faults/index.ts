export { FaultEngine } from './FaultEngine';
export type {
  FaultConfig,
  FaultDecision,
  HttpErrorAnswer,
  FaultMatch,
  FaultRule,
} from './FaultEngine';
