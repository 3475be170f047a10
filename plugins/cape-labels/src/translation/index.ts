export { capeLabelsTranslationRef } from './translation';
export { useLang } from './useLang';
export type { CapeLabelsT, Lang } from './useLang';
