import {
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../http';
import { login } from './testClient';

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

/** Starts simulators as a describe block's tests ask, each logged in to; all stopped after. */
export function startedSimulators() {
  const sims: RunningSimulator[] = [];
  afterAll(() => Promise.all(sims.map(s => s.stop())));
  return async (options: SimulatorOptions = {}) => {
    const sim = await startSimulator(options);
    sims.push(sim);
    return { sim, token: await login(sim.url) };
  };
}
