export { SweepActions } from './SweepActions';
