import { mockApis } from '@backstage/test-utils';
import { capeLabelsTranslationRef, type Lang } from '../translation';

/** The plugin's English messages outside React, for tests of the format functions. */
export function englishLang(): Lang {
  const { t } = mockApis.translation().getTranslation(capeLabelsTranslationRef);
  return { t, locale: 'en' };
}
