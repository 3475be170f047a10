import {
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../http';
import { gql, login, type GqlResponse } from './testClient';

/** A simulator for one describe block: started and logged in to before its tests, stopped after. */
export function servedSimulator(options: SimulatorOptions = {}) {
  const served = { sim: undefined as unknown as RunningSimulator, token: '' };
  beforeAll(async () => {
    served.sim = await startSimulator(options);
    served.token = await login(served.sim.url);
  });
  afterAll(() => served.sim.stop());
  return served;
}

/**
 * Starts simulators as a describe block's tests ask, each logged in to; all stopped after.
 * `query` sends GraphQL to the simulator with the login's token.
 */
export function startedSimulators() {
  const sims: RunningSimulator[] = [];
  afterAll(() => Promise.all(sims.map(s => s.stop())));
  return async (options: SimulatorOptions = {}) => {
    const sim = await startSimulator(options);
    sims.push(sim);
    const token = await login(sim.url);
    const query = (
      text: string,
      variables?: Record<string, unknown>,
    ): Promise<GqlResponse> => gql(sim.url, text, variables, token);
    return { sim, query };
  };
}
