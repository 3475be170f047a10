import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import { capeLabelsApiRef } from '../api';

/** One run with its settings (`GET /runs/:id`), e.g. the label keys it swept. */
export function useRun(runId: string) {
  const api = useApi(capeLabelsApiRef);
  return useAsync(() => api.getRun(runId), [api, runId]);
}
