import type { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
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

/** A Tower's newest runs; loads again when its last run changes or finishes. */
export function useLatestRuns(tower: TowerSummary, limit: number) {
  const lastRun = tower.lastRun;
  return useRuns(tower.id, {
    limit,
    enabled: !!lastRun,
    refreshKey: lastRun ? `${lastRun.id}:${lastRun.status}` : undefined,
  });
}
