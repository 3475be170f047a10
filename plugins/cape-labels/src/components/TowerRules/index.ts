export { TowerRules } from './TowerRules';
