export { useTowers } from './useTowers';
export type { TowersState } from './useTowers';
export { useRuns } from './useRuns';
export { useOutcomes } from './useOutcomes';
export { useRequestSweep } from './useRequestSweep';
export type { SweepRequestKind, SweepRequestResult } from './useRequestSweep';
