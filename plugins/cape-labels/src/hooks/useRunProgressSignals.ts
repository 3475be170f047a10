import { useEffect, useMemo, useRef } from 'react';
import { useApiHolder } from '@backstage/core-plugin-api';
import { signalApiRef } from '@backstage/plugin-signals-react';
import {
  capeLabelsTowerChannel,
  type RunProgressSignal,
} from '@smartx-cape/plugin-cape-labels-common';

/**
 * Calls `onSignal` whenever the backend signals a run's start, progress or end on one of
 * `towerIds`. `useSignal` from signals-react, for several channels at once: without the
 * signals plugin in the app it subscribes to nothing and answers false.
 *
 * @returns whether signals are available in this app
 */
export function useRunProgressSignals(
  towerIds: readonly string[],
  onSignal: (signal: RunProgressSignal) => void,
): boolean {
  const signals = useApiHolder().get(signalApiRef);
  const onSignalRef = useRef(onSignal);
  onSignalRef.current = onSignal;
  // a new array with the same Towers must not resubscribe
  const channelKey = towerIds.join('\n');
  const channels = useMemo(
    () =>
      channelKey === ''
        ? []
        : channelKey.split('\n').map(capeLabelsTowerChannel),
    [channelKey],
  );

  useEffect(() => {
    if (!signals) return undefined;
    const subscriptions = channels.map(channel =>
      signals.subscribe<RunProgressSignal>(channel, message =>
        onSignalRef.current(message),
      ),
    );
    return () => subscriptions.forEach(s => s.unsubscribe());
  }, [signals, channels]);

  return signals !== undefined;
}
