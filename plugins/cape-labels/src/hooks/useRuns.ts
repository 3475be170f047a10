import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import { capeLabelsApiRef, ListRunsOptions } from '../api';

/**
 * A Tower's runs, newest first (`GET /towers/:id/runs`); loads again when
 * `refreshKey` changes; loads nothing while `enabled` is false.
 */
export function useRuns(
  towerId: string,
  options: ListRunsOptions & { enabled?: boolean; refreshKey?: string },
) {
  const api = useApi(capeLabelsApiRef);
  const { limit, before, enabled = true, refreshKey } = options;
  return useAsync(
    async () => (enabled ? api.listRuns(towerId, { limit, before }) : []),
    [api, towerId, limit, before, enabled, refreshKey],
  );
}
