export { RunProgressSignals } from './RunProgressSignals';
export { signallingStore } from './signallingStore';
