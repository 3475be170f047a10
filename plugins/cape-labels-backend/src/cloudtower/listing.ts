import { keysetChain, type FetchLabelPage } from './keysetChain';
import { mergeChains } from './mergeChains';
import type { ListLabelsFilter, TowerLabel } from './types';

export type ParallelListingOptions = {
  towerId: string;
  pageSize: number;
  /** Chains listed at once (the Tower's requests in flight). */
  maxChains: number;
  onAnomaly?: (text: string) => void;
};

/**
 * Lists the labels of `filter.keys` as one keyset chain per key, up to `maxChains` chains at
 * once: a label has one key, so the chains are disjoint and together list what one chain over
 * `key_in: keys` would, in about 1/keys of its time. Each chain keeps its keyset safety; pages
 * arrive in each chain's order, interleaved between chains.
 */
export function listLabelsInChains(
  fetchPage: FetchLabelPage,
  filter: ListLabelsFilter,
  options: ParallelListingOptions,
): AsyncGenerator<TowerLabel[]> {
  const keys = [...new Set(filter.keys)];
  const chains = keys.map(
    key => () =>
      keysetChain(fetchPage, {
        towerId: options.towerId,
        key,
        pageSize: options.pageSize,
        onAnomaly: options.onAnomaly,
      }),
  );
  return mergeChains(chains, options.maxChains);
}
