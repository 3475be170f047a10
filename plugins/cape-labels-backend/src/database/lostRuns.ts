import type { Knex } from 'knex';
import type { RunTrigger } from '@smartx-cape/plugin-cape-labels-common';
import { SIGN_OF_LIFE, aliveSince } from './liveness';
import { RUNS, type RunRow } from './tables';

export const REPLICA_LOST = {
  message: 'the replica running this sweep stopped before it finished',
  code: 'REPLICA_LOST',
} as const;

/** A run found lost and recorded aborted: what it was doing. */
export type LostRun = {
  id: string;
  trigger: RunTrigger;
  requestedBy?: string;
  dryRun: boolean;
};

/**
 * Records the Tower's lost runs (`running`, heartbeat stopped) as aborted, ended at their last
 * heartbeat, and returns what they were doing. Runs with a recent heartbeat are left alone:
 * they may still be finishing. Called by the holder of the Tower's lease before it sweeps,
 * never by a read.
 */
export async function abortLostRuns(
  db: Knex,
  towerId: string,
  now: Date,
): Promise<LostRun[]> {
  const lost: Array<
    Pick<RunRow, 'id' | 'trigger' | 'requested_by' | 'dry_run'>
  > = await db<RunRow>(RUNS)
    .select('id', 'trigger', 'requested_by', 'dry_run')
    .where({ tower_id: towerId, status: 'running' })
    .whereRaw(`${SIGN_OF_LIFE} < ?`, [aliveSince(now.getTime())])
    .orderBy('seq', 'asc');
  if (lost.length === 0) return [];
  await db<RunRow>(RUNS)
    .whereIn(
      'id',
      lost.map(r => r.id),
    )
    .where({ status: 'running' })
    .update({
      status: 'aborted',
      finished_at: db.raw(SIGN_OF_LIFE),
      error_message: REPLICA_LOST.message,
      error_code: REPLICA_LOST.code,
    });
  return lost.map(r => ({
    id: r.id,
    trigger: r.trigger,
    dryRun: Boolean(r.dry_run),
    ...(r.requested_by === null ? {} : { requestedBy: r.requested_by }),
  }));
}
