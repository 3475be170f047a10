import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import { capeLabelsApiRef, ListOutcomesOptions } from '../api';

/**
 * A page of a run's label outcomes (`GET /runs/:id/labels`) passing the
 * filters; loads again when `refreshKey` changes (a running run's outcomes grow).
 */
export function useOutcomes(
  runId: string,
  options: ListOutcomesOptions & { refreshKey?: string },
) {
  const api = useApi(capeLabelsApiRef);
  const { limit, offset, action, reason, key, search, refreshKey } = options;
  return useAsync(
    () =>
      api.listOutcomes(runId, { limit, offset, action, reason, key, search }),
    [api, runId, limit, offset, action, reason, key, search, refreshKey],
  );
}
