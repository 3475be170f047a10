import type { TowerClient, TowerLabel } from '../../cloudtower/types';
import type { SweepPolicy } from '../decide';
import { prefetched } from '../prefetch';

/** Stage 1, list: the swept keys' keyset pages, one page in flight ahead of the one decided. */
export function listPages(
  client: Pick<TowerClient, 'listLabelPages'>,
  policy: SweepPolicy,
  options: { pageSize: number; signal: AbortSignal },
): AsyncIterable<TowerLabel[]> {
  return prefetched(client.listLabelPages({ keys: [...policy.keys] }, options));
}
