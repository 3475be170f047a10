/** CloudTower GraphQL simulator for tests, demos and benchmarks. */
export { startSimulator } from './server';
export type { SimulatorOptions, RunningSimulator } from './server';
export { SimulatorAdmin } from './admin';
export type { AttachInput, VmTruth, WorldSummary } from './admin';
export { ADMIN_PREFIX } from './adminHttp';
export {
  DEFAULT_USERS,
  DEFAULT_USERNAME,
  DEFAULT_PASSWORD,
  DEFAULT_USER_SOURCE,
} from './auth';
export type { TokenInfo } from './auth';
export type { FaultConfig, FaultRule, FaultMatch } from './faults';
export type {
  RequestLogEntry,
  RequestCounters,
  ArgsSummary,
} from './requestLog';
export { NAMED_SCENARIOS, resolveScenario } from './scenarios';
export type { ScenarioSpec, ScenarioLabel } from './scenarios';
export type { GeneratorSpec } from './generator';
export { SCHEMA_SDL } from './schemaText';
export { createSelfSignedCert } from './tls';
export type {
  CounterLag,
  CreateLabelInput,
  CreateSecurityPolicyInput,
  CreateVmInput,
  DeletedLabel,
  LabelCounters,
  LabelTruth,
  SecurityPolicyRecord,
  SimulatorUser,
  UserSource,
  VmRecord,
} from './types';
