import { useEffect, useMemo, useState } from 'react';
import {
  coreApis,
  useApiHolder,
  useTranslationRef,
  type TranslationFunction,
} from '@backstage/frontend-plugin-api';
import { capeLabelsTranslationRef } from './translation';

/** The plugin's translation function. */
export type CapeLabelsT = TranslationFunction<
  (typeof capeLabelsTranslationRef)['T']
>;

/** What text needs: the plugin's messages and the language numbers and dates are formatted in. */
export type Lang = {
  t: CapeLabelsT;
  /** The app's language, a BCP 47 tag for `Intl` (`en`, `zh-CN`). */
  locale: string;
};

/** Backstage's default language, for apps without a language API. */
const DEFAULT_LANGUAGE = 'en';

/** The app's current language; follows the user's changes. */
function useLanguage(): string {
  const languageApi = useApiHolder().get(coreApis.appLanguage);
  const [language, setLanguage] = useState(
    () => languageApi?.getLanguage().language ?? DEFAULT_LANGUAGE,
  );
  useEffect(() => {
    if (!languageApi) return undefined;
    const subscription = languageApi
      .language$()
      .subscribe(next => setLanguage(next.language));
    return () => subscription.unsubscribe();
  }, [languageApi]);
  return language;
}

/** The plugin's messages in the app's language, and that language (the same object until either changes). */
export function useLang(): Lang {
  const { t } = useTranslationRef(capeLabelsTranslationRef);
  const locale = useLanguage();
  return useMemo(() => ({ t, locale }), [t, locale]);
}
