export type { SimulatorCore } from './SimulatorCore';
