export { Store } from './Store';
export { createdAtIso } from './labelRecord';
export { counterNames, counterValue } from './labelCounters';
export {
  LABEL_RELATIONS,
  LEGACY_MISSING_RELATIONS,
  ZERO_COUNTERS,
  extraRelation,
  towerRelations,
} from './labelRelations';
export type { LabelRelation } from './labelRelations';
export { SortedIds, mergeOrdered } from './sortedIds';
export { allLabelsTruth, labelTruth, objectTruths } from './truth';
export type * from './types';
