export { FaultEngine } from './FaultEngine';
export type {
  FaultConfig,
  FaultDecision,
  FaultMatch,
  FaultRule,
} from './FaultEngine';
