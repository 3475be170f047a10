export { EntityCapeLabelsCard as EntityCapeLabelsCardContent } from './EntityCapeLabelsCard';
export { isCapeLabelsAvailable } from './isCapeLabelsAvailable';
export { capeLabelsEntityPredicate } from './isCapeLabelsAvailable';
