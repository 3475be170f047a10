import type { TowerLabel } from '../../cloudtower/types';
import type { RunStore } from '../../database';
import { isConfirmed, type SweepPolicy } from '../decide';

export type ConfirmStore = Pick<RunStore, 'getSightings' | 'addSightings'>;

/**
 * Stage 3, confirm (rule 6): the ids of candidates not seen long enough ago, then this run's
 * sighting recorded. Without confirmation sightings are neither read nor written.
 */
export async function unconfirmedOf(
  candidates: TowerLabel[],
  policy: SweepPolicy,
  sightings: { store: ConfirmStore; towerId: string; runStart: Date },
): Promise<ReadonlySet<string>> {
  const unconfirmed = new Set<string>();
  if (policy.confirmCutoffMs === undefined || candidates.length === 0)
    return unconfirmed;
  const { store, towerId, runStart } = sightings;
  const ids = candidates.map(l => l.id);
  const firstSeen = await store.getSightings(towerId, ids);
  for (const label of candidates) {
    if (!isConfirmed(firstSeen.get(label.id), policy))
      unconfirmed.add(label.id);
  }
  await store.addSightings(towerId, ids, runStart);
  return unconfirmed;
}
