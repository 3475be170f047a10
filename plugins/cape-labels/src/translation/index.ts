export { capeLabelsTranslationRef } from './translation';
export { useLang, useLanguage } from './useLang';
export type { CapeLabelsT, Lang } from './useLang';
