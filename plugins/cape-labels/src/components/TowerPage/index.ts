export { TowerPage } from './TowerPage';
