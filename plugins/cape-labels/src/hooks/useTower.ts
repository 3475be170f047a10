import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import { NotFoundError } from '@backstage/errors';
import { capeLabelsApiRef } from '../api';

/** One Tower's summary (from `GET /towers`); a NotFoundError when it is not configured. */
export function useTower(towerId: string) {
  const api = useApi(capeLabelsApiRef);
  return useAsync(async () => {
    const tower = (await api.listTowers()).find(t => t.id === towerId);
    if (!tower) throw new NotFoundError(`No Tower '${towerId}'`);
    return tower;
  }, [api, towerId]);
}
