import { GraphQLSchema } from 'graphql';
import { AuthService } from './auth';
import { FaultEngine } from './faults';
import { RequestLog } from './requestLog';
import { createTowerSchema } from './resolvers';
import { Store, StoreOptions } from './store';

/** The parts of one simulated Tower; `store` is replaced when a scenario is (re)loaded. */
export interface SimulatorCore {
  store: Store;
  storeOptions: StoreOptions;
  readonly auth: AuthService;
  readonly faults: FaultEngine;
  readonly log: RequestLog;
  readonly schema: GraphQLSchema;
}

let sharedSchema: GraphQLSchema | undefined;

/** The executable schema is stateless (state comes from the request context), so it is built once. */
export function towerSchema(): GraphQLSchema {
  if (!sharedSchema) sharedSchema = createTowerSchema();
  return sharedSchema;
}
