export { startSimulator } from './server';
export type { RunningSimulator, SimulatorOptions } from './server';
export { createSelfSignedCert } from './tls';
