import useAsyncFn from 'react-use/esm/useAsyncFn';
import { useApi } from '@backstage/core-plugin-api';
import type { OutcomeFilter } from '@smartx-cape/plugin-cape-labels-common';
import {
  CAPE_LABELS_LANGUAGES,
  type CapeLabelsLanguage,
} from '@smartx-cape/plugin-cape-labels-common';
import { capeLabelsApiRef } from '../api';
import { useLang } from '../translation';

/** The backend's language closest to the app's: `zh-CN` for any Chinese, else English. */
function csvLanguage(locale: string): CapeLabelsLanguage {
  if (CAPE_LABELS_LANGUAGES.includes(locale as CapeLabelsLanguage))
    return locale as CapeLabelsLanguage;
  return locale.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

/** Hands a blob to the browser as a download under `filename`. */
function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a run's outcomes as CSV (`GET /runs/:id/labels.csv`). The route needs the user's
 * token, which a plain link would not send, so the file is fetched through fetchApi and saved
 * from a blob.
 */
export function useDownloadOutcomesCsv(runId: string, filter: OutcomeFilter) {
  const api = useApi(capeLabelsApiRef);
  const { locale } = useLang();
  const lang = csvLanguage(locale);
  const [state, download] = useAsyncFn(async () => {
    const { blob, filename } = await api.downloadOutcomesCsv(runId, filter, {
      lang,
    });
    saveBlob(blob, filename);
  }, [
    api,
    runId,
    lang,
    filter.action,
    filter.reason,
    filter.key,
    filter.search,
  ]);
  return { download, pending: state.loading, error: state.error };
}
