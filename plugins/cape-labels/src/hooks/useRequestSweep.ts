import { useState } from 'react';
import useAsyncFn from 'react-use/esm/useAsyncFn';
import { useApi } from '@backstage/core-plugin-api';
import { capeLabelsApiRef, isSweepAlreadyRunningError } from '../api';
import { errorMessage } from '../format';

/** How a sweep request ended. */
export type SweepRequestResult =
  | { kind: 'accepted' }
  | { kind: 'already-running' }
  | { kind: 'failed'; message: string };

/** Which of a Tower's two requests is on its way. */
type SweepRequestKind = 'sweep' | 'preview';

/**
 * Requests a sweep of one Tower (`POST /towers/:id/sweep`); `dryRun` makes
 * it a preview. Never throws: the result says how it went.
 */
export function useRequestSweep(towerId: string) {
  const api = useApi(capeLabelsApiRef);
  const [kind, setKind] = useState<SweepRequestKind>();
  const [state, send] = useAsyncFn(
    async (dryRun: boolean): Promise<SweepRequestResult> => {
      setKind(dryRun ? 'preview' : 'sweep');
      try {
        await api.requestSweep(towerId, { dryRun });
        return { kind: 'accepted' };
      } catch (e) {
        if (isSweepAlreadyRunningError(e)) return { kind: 'already-running' };
        return { kind: 'failed', message: errorMessage(e) };
      }
    },
    [api, towerId],
  );
  return {
    requestSweep: send,
    pending: state.loading ? kind : undefined,
  };
}
