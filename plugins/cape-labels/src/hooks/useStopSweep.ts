import useAsyncFn from 'react-use/esm/useAsyncFn';
import { useApi } from '@backstage/core-plugin-api';
import { ResponseError } from '@backstage/errors';
import { capeLabelsApiRef } from '../api';
import { errorMessage } from '../format';

/** How a stop request ended. */
export type StopResult =
  | { kind: 'accepted' }
  | { kind: 'not-running' }
  | { kind: 'failed'; message: string };

/** Stops the Tower's running sweep (`POST /towers/:id/stop`). Never throws. */
export function useStopSweep(towerId: string) {
  const api = useApi(capeLabelsApiRef);
  const [state, stop] = useAsyncFn(async (): Promise<StopResult> => {
    try {
      await api.stopSweep(towerId);
      return { kind: 'accepted' };
    } catch (e) {
      if (e instanceof ResponseError && e.statusCode === 409)
        return { kind: 'not-running' };
      return { kind: 'failed', message: errorMessage(e) };
    }
  }, [api, towerId]);
  return { stop, pending: state.loading };
}
