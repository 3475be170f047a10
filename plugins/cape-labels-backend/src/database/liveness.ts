import type { Knex } from 'knex';
import type { RunStatus } from '@smartx-cape/plugin-cape-labels-common';
import type { RunRow } from './tables';

export const HEARTBEAT_INTERVAL_MS = 1000;
/** A running sweep silent for this long is lost: five missed heartbeats. */
export const LOST_AFTER_MS = 5 * HEARTBEAT_INTERVAL_MS;

/** A run's last sign of life: its heartbeat, or its start before the first one. */
export const SIGN_OF_LIFE = 'coalesce(heartbeat_at, started_at)';

/** The status an API answer shows: a `running` run without a recent heartbeat is `lost`. */
export function displayStatus(
  row: Pick<RunRow, 'status' | 'started_at' | 'heartbeat_at'>,
  now: number,
): RunStatus {
  if (row.status !== 'running') return row.status;
  const signOfLife = Number(row.heartbeat_at ?? row.started_at);
  return now - signOfLife > LOST_AFTER_MS ? 'lost' : 'running';
}

export function aliveSince(now: number): number {
  return now - LOST_AFTER_MS;
}

/** Rows whose run, joined as `r`, is gone, ended or silent since `since`. */
export function whereRunNotAlive(
  query: Knex.QueryBuilder,
  since: number,
): void {
  query.where(notAlive =>
    notAlive
      .whereNull('r.id')
      .orWhereNot('r.status', 'running')
      .orWhereRaw(`${SIGN_OF_LIFE} < ?`, [since]),
  );
}
