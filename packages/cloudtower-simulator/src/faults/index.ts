export { FaultEngine } from './FaultEngine';
export type {
  DeleteRefusal,
  FaultConfig,
  FaultDecision,
  HttpErrorAnswer,
  FaultMatch,
  FaultRule,
} from './FaultEngine';
