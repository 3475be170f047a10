/** CloudTower GraphQL simulator for tests, demos and benchmarks. */
export { startSimulator, createSelfSignedCert } from './http';
export type { SimulatorOptions, RunningSimulator } from './http';
export type { TowerVersion } from './tower';
export { SimulatorAdmin, ADMIN_PREFIX } from './admin';
export type { AttachInput, VmTruth, WorldSummary } from './admin';
export {
  DEFAULT_USERS,
  DEFAULT_USERNAME,
  DEFAULT_PASSWORD,
  DEFAULT_USER_SOURCE,
  DEFAULT_LDAP_STRATEGY_ID,
} from './auth';
export type {
  AuthnStrategy,
  Lockout,
  LoginSource,
  TokenInfo,
  SimulatorUser,
  UserLoginInfo,
  UserSource,
} from './auth';
export type { FaultConfig, FaultRule, FaultMatch } from './faults';
export type {
  RequestLogEntry,
  RequestCounters,
  ArgsSummary,
} from './requestLog';
export { NAMED_SCENARIOS, resolveScenario } from './scenarios';
export { readTowersFile } from './towersFile';
export type { ScenarioSpec, ScenarioLabel, GeneratorSpec } from './scenarios';
export { SCHEMA_SDL } from './graphql';
export {
  HOLDER_KINDS,
  holdersOfRelease,
  LABEL_RELATIONS,
  LEGACY_MISSING_RELATIONS,
} from './world';
export type {
  CounterInput,
  CounterLag,
  CreateLabelInput,
  CreateHolderInput,
  CreateObjectInput,
  HolderRecord,
  HolderRoot,
  HolderSection,
  CreateSecurityPolicyInput,
  CreateVmInput,
  DeletedLabel,
  EveroutePolicyRecord,
  LabelCounters,
  LabelRelation,
  LabelTruth,
  ObjectTruth,
  RelatedObjectRecord,
  SecurityPolicyRecord,
  VmRecord,
} from './world';
