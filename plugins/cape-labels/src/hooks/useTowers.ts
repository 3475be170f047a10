import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { capeLabelsApiRef } from '../api';
import { isTowerRunning, toError } from '../format';

/** How long the card keeps polling for a requested run that has not shown up. */
const WATCH_TIMEOUT_MS = 60_000;

type Watch = { lastRunId: string | null; since: number };

export type TowersState = {
  towers?: TowerSummary[];
  error?: Error;
  loading: boolean;
  /** True while the card polls (a Tower runs or a requested run is awaited). */
  polling: boolean;
  refresh: () => void;
  /** Call after a sweep was accepted: polls until that Tower shows a new run. */
  watchTower: (towerId: string) => void;
};

function isWatchDone(
  watch: Watch,
  tower: TowerSummary | undefined,
  now: number,
) {
  if (!tower || now - watch.since > WATCH_TIMEOUT_MS) {
    return true;
  }
  const lastRunId = tower.lastRun?.id ?? null;
  return lastRunId !== watch.lastRunId && !tower.running;
}

/**
 * Loads the Towers and keeps polling every `pollIntervalMs` while any of them
 * is running or a sweep was requested and its run has not finished yet.
 */
export function useTowers(pollIntervalMs = 2000): TowersState {
  const api = useApi(capeLabelsApiRef);
  const [towers, setTowers] = useState<TowerSummary[]>();
  const [error, setError] = useState<Error>();
  const [watches, setWatches] = useState<Record<string, Watch>>({});
  const [generation, setGeneration] = useState(0);
  const [loads, setLoads] = useState(0);
  const towersRef = useRef<TowerSummary[]>();

  useEffect(() => {
    let cancelled = false;
    api.listTowers().then(
      items => {
        if (cancelled) return;
        towersRef.current = items;
        setTowers(items);
        setError(undefined);
        setLoads(n => n + 1);
        const now = Date.now();
        setWatches(prev => {
          const next: Record<string, Watch> = {};
          for (const [id, watch] of Object.entries(prev)) {
            if (
              !isWatchDone(
                watch,
                items.find(t => t.id === id),
                now,
              )
            ) {
              next[id] = watch;
            }
          }
          return Object.keys(next).length === Object.keys(prev).length
            ? prev
            : next;
        });
      },
      e => {
        if (cancelled) return;
        setError(toError(e));
        setLoads(n => n + 1);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, generation]);

  const loading = towers === undefined && error === undefined;
  const polling =
    !loading &&
    ((towers?.some(isTowerRunning) ?? false) ||
      Object.keys(watches).length > 0);

  useEffect(() => {
    if (!polling) return undefined;
    const timer = setTimeout(() => setGeneration(g => g + 1), pollIntervalMs);
    return () => clearTimeout(timer);
    // the next poll is scheduled once the previous answer is in
  }, [polling, loads, pollIntervalMs]);

  const refresh = useCallback(() => setGeneration(g => g + 1), []);

  const watchTower = useCallback((towerId: string) => {
    const tower = towersRef.current?.find(t => t.id === towerId);
    setWatches(prev => ({
      ...prev,
      [towerId]: { lastRunId: tower?.lastRun?.id ?? null, since: Date.now() },
    }));
    setGeneration(g => g + 1);
  }, []);

  return { towers, error, loading, polling, refresh, watchTower };
}
