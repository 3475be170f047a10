export { TowerRow } from './TowerRow';
