export { EntityCapeLabelsCard as EntityCapeLabelsCardContent } from './EntityCapeLabelsCard';
export { isCapeLabelsAvailable } from './isCapeLabelsAvailable';
