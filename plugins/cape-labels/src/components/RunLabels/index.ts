export { RunLabels } from './RunLabels';
