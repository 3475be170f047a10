export type { SimulatorCore } from './SimulatorCore';
export { towerProfile } from './profile';
export type { TowerVersion } from './profile';
