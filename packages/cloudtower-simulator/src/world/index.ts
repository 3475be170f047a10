export { Store } from './Store';
export { createdAtIso } from './labelRecord';
export { SortedIds, mergeOrdered } from './sortedIds';
export { allLabelsTruth, labelTruth } from './truth';
export type * from './types';
