import { useApi } from '@backstage/core-plugin-api';
import type {
  RunSummary,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { useEffect, useState } from 'react';
import { capeLabelsApiRef } from '../../api';

/** What the entity card shows, as one state. */
export type TowerHistory =
  | { state: 'loading' }
  | { state: 'forbidden' }
  | { state: 'unknown-tower' }
  | { state: 'error'; error: Error }
  | { state: 'loaded'; tower: TowerSummary; runs: RunSummary[] };

function isForbidden(error: unknown): boolean {
  return (error as { statusCode?: unknown })?.statusCode === 403;
}

/** The Tower's summary and its newest runs, loaded once per Tower id. */
export function useTowerHistory(towerId: string, runs = 10): TowerHistory {
  const api = useApi(capeLabelsApiRef);
  const [history, setHistory] = useState<TowerHistory>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    const settle = (next: TowerHistory) => current && setHistory(next);
    setHistory({ state: 'loading' });
    (async () => {
      const tower = (await api.listTowers()).find(t => t.id === towerId);
      if (!tower) return settle({ state: 'unknown-tower' });
      const recent = await api.listRuns(towerId, { limit: runs });
      return settle({ state: 'loaded', tower, runs: recent });
    })().catch(error =>
      settle(
        isForbidden(error)
          ? { state: 'forbidden' }
          : { state: 'error', error: error as Error },
      ),
    );
    return () => {
      current = false;
    };
  }, [api, towerId, runs]);

  return history;
}
