export { SimulatorError } from './SimulatorError';
