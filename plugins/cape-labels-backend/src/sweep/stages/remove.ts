import type { TowerLabel } from '../../cloudtower/types';
import { outcome } from '../decide';
import {
  deleteGuarded,
  type GuardedDeleteContext,
  type GuardedDeleteResult,
} from '../guardedDelete';

/**
 * Stage 6, delete (rules 5 and 8): a dry run records `would-delete` and sends nothing; a real
 * run makes one guarded delete of what the cap let through.
 */
export async function deleteOrPreview(
  ctx: GuardedDeleteContext,
  take: TowerLabel[],
  dryRun: boolean,
): Promise<GuardedDeleteResult> {
  if (dryRun) return { outcomes: take.map(l => outcome(l, 'would-delete')) };
  if (take.length === 0) return { outcomes: [] };
  return deleteGuarded(ctx, take);
}
