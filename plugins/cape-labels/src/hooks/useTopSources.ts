import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import { capeLabelsApiRef } from '../api';

/** Where the Tower's orphans came from (`GET /towers/:id/top-sources`); again when `refreshKey` changes. */
export function useTopSources(
  towerId: string,
  options: { days?: number; refreshKey?: string } = {},
) {
  const api = useApi(capeLabelsApiRef);
  const { days, refreshKey } = options;
  return useAsync(
    () => api.topSources(towerId, days),
    [api, towerId, days, refreshKey],
  );
}
