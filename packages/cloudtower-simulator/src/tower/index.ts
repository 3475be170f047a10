export type { SimulatorCore } from './SimulatorCore';
export { towerProfile } from './profile';
export type { TowerProfile, TowerVersion } from './profile';
