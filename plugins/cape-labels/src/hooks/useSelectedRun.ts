import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import { capeLabelsApiRef } from '../api';

/** The query parameter naming the run a Tower page shows (notification links set it). */
const RUN_PARAM = 'run';

/**
 * The run the page's `?run=` names, else the newest of `runs`; choosing a run writes it to the
 * URL, so the page can be shared. A named run older than `runs` is fetched on its own.
 */
export function useSelectedRun(runs: RunSummary[] | undefined) {
  const api = useApi(capeLabelsApiRef);
  const [params, setParams] = useSearchParams();
  const named = params.get(RUN_PARAM) ?? undefined;
  const listed = named ? runs?.find(r => r.id === named) : undefined;
  const fetchNamed = Boolean(named && runs && !listed);
  const fetched = useAsync(
    async () => (fetchNamed && named ? api.getRun(named) : undefined),
    [api, fetchNamed, named],
  );
  const select = useCallback(
    (runId: string) =>
      setParams(
        previous => {
          const next = new URLSearchParams(previous);
          next.set(RUN_PARAM, runId);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  if (!named) return { run: runs?.[0], named, error: undefined, select };
  return {
    run: listed ?? fetched.value,
    named,
    error: fetchNamed ? fetched.error : undefined,
    select,
  };
}
