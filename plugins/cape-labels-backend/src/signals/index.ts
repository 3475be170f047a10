export { RunProgressSignals } from './RunProgressSignals';
