import { DependencyList, useEffect, useState } from 'react';
import { toError } from './format';

export type AsyncState<T> = { loading: boolean; value?: T; error?: Error };

/** Runs `fn` whenever `deps` change; ignores answers of superseded calls. */
export function useAsync<T>(
  fn: () => Promise<T>,
  deps: DependencyList,
): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ loading: true });
  useEffect(() => {
    let cancelled = false;
    setState(prev => ({ loading: true, value: prev.value }));
    fn().then(
      value => !cancelled && setState({ loading: false, value }),
      e => !cancelled && setState({ loading: false, error: toError(e) }),
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
