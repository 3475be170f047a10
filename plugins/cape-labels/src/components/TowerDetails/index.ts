export { TowerDetails } from './TowerDetails';
