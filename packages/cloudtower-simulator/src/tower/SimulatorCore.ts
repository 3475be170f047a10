import type { GraphQLSchema } from 'graphql';
import type { AuthService } from '../auth';
import type { FaultEngine } from '../faults';
import type { RequestLog } from '../requestLog';
import type { Store, StoreOptions } from '../world';
import type { TowerProfile } from './profile';

/** The parts of one simulated Tower; `store` is replaced when a scenario is (re)loaded. */
export interface SimulatorCore {
  store: Store;
  storeOptions: StoreOptions;
  readonly auth: AuthService;
  readonly faults: FaultEngine;
  readonly log: RequestLog;
  readonly schema: GraphQLSchema;
  readonly profile: TowerProfile;
  /** Headers a gateway in front of this Tower wants on every /api request. */
  readonly requiredHeaders: Readonly<Record<string, string>>;
}
