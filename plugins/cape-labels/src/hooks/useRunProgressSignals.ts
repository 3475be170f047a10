import { useEffect, useRef } from 'react';
import { useApiHolder } from '@backstage/core-plugin-api';
import { signalApiRef } from '@backstage/plugin-signals-react';
import {
  CAPE_LABELS_REFRESH_CHANNEL,
  type CapeLabelsRefreshSignal,
} from '@smartx-cape/plugin-cape-labels-common';

/** Nudges within this long of the first one make one refresh: 40 Towers ending at once reload once. */
const REFRESH_SIGNAL_WAIT_MS = 1000;

/**
 * Calls `onRefresh` once the backend nudged that some run started, moved on or ended, at most once
 * per {@link REFRESH_SIGNAL_WAIT_MS}. The nudge names no Tower (signals reach every signed-in user):
 * what changed is read again through the API. `useSignal` from signals-react, with a wait: without
 * the signals plugin in the app it subscribes to nothing and answers false.
 *
 * @returns whether signals are available in this app
 */
export function useRunProgressSignals(onRefresh: () => void): boolean {
  const signals = useApiHolder().get(signalApiRef);
  const onRefreshRef = useRef(onRefresh);
  onRefreshRef.current = onRefresh;

  useEffect(() => {
    if (!signals) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = signals.subscribe<CapeLabelsRefreshSignal>(
      CAPE_LABELS_REFRESH_CHANNEL,
      () => {
        if (timer !== undefined) return;
        timer = setTimeout(() => {
          timer = undefined;
          onRefreshRef.current();
        }, REFRESH_SIGNAL_WAIT_MS);
      },
    );
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [signals]);

  return signals !== undefined;
}
