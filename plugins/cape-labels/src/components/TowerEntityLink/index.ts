export { TowerEntityLink } from './TowerEntityLink';
