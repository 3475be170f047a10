export { Store } from './Store';
export { createdAtIso } from './labelRecord';
export { counterNames, counterValue } from './labelCounters';
export {
  LABEL_RELATIONS,
  LEGACY_MISSING_RELATIONS,
  towerRelations,
} from './labelRelations';
export type { LabelRelation } from './labelRelations';
export { mergeOrdered } from './sortedIds';
export { allLabelsTruth, labelTruth, objectTruths } from './truth';
export type * from './types';
export { HOLDER_KINDS, holderAnswer, holdersOfRelease } from './holders';
export type {
  CreateHolderInput,
  HolderRecord,
  HolderRoot,
  HolderSection,
} from './holders';
