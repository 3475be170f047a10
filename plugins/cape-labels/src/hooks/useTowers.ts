import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import { toError } from '@backstage/errors';
import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { capeLabelsApiRef } from '../api';
import { isTowerRunning } from '../format';
import { usePageVisible } from './usePageVisible';
import { useRunProgressSignals } from './useRunProgressSignals';

/** How long the card keeps polling for a requested run that has not shown up. */
const WATCH_TIMEOUT_MS = 60_000;
/**
 * With signals the card still polls, this many times slower: a safety net for when the app
 * has the signals plugin but the backend does not (or the connection drops).
 */
const SIGNALLED_POLL_SLOWDOWN = 5;

type Watch = { lastRunId: string | null; since: number };

type TowersState = {
  towers?: TowerSummary[];
  error?: Error;
  loading: boolean;
  /** True while the card polls (a Tower runs or a requested run is awaited). */
  polling: boolean;
  /** True when run progress arrives live through Backstage signals. */
  live: boolean;
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
 * A run progress signal reloads (shortly, once for a burst); polling pauses while the tab is hidden.
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

  const refresh = useCallback(() => setGeneration(g => g + 1), []);
  const visible = usePageVisible();
  const visibleRef = useRef(visible);
  visibleRef.current = visible;
  // a hidden tab does not reload on signals either; it catches up when shown
  const missedSignal = useRef(false);
  const onSignal = useCallback(() => {
    if (visibleRef.current) refresh();
    else missedSignal.current = true;
  }, [refresh]);
  const live = useRunProgressSignals(onSignal);
  const interval = live
    ? pollIntervalMs * SIGNALLED_POLL_SLOWDOWN
    : pollIntervalMs;

  useEffect(() => {
    if (!polling || !visible) return undefined;
    const timer = setTimeout(() => setGeneration(g => g + 1), interval);
    return () => clearTimeout(timer);
    // the next poll is scheduled once the previous answer is in
  }, [polling, visible, loads, interval]);

  // back on the tab: what was missed while hidden shows at once
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current && (polling || missedSignal.current)) {
      missedSignal.current = false;
      refresh();
    }
    wasVisible.current = visible;
  }, [visible, polling, refresh]);

  const watchTower = useCallback((towerId: string) => {
    const tower = towersRef.current?.find(t => t.id === towerId);
    setWatches(prev => ({
      ...prev,
      [towerId]: { lastRunId: tower?.lastRun?.id ?? null, since: Date.now() },
    }));
    setGeneration(g => g + 1);
  }, []);

  return { towers, error, loading, polling, live, refresh, watchTower };
}
