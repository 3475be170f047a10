export { adminCall, gql, login } from './testClient';
export { clock, FIXTURE, NOW } from './fixtureWorld';
export { fixtureSimulator } from './fixtureSimulator';
export { servedSimulator, startedSimulators } from './servedSimulator';
