export { adminCall, gql, login } from './testClient';
export type { GqlResponse } from './testClient';
export { clock, FIXTURE, NOW } from './fixtureWorld';
export { fixtureSimulator } from './fixtureSimulator';
export { servedSimulator } from './servedSimulator';
