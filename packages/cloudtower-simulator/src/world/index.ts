export { Store } from './Store';
export { SortedIds, mergeOrdered } from './sortedIds';
export { allLabelsTruth, labelTruth } from './truth';
export type * from './types';
