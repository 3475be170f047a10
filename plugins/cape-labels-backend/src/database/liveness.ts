import type { Knex } from 'knex';
import type { RunStatus } from '@smartx-cape/plugin-cape-labels-common';
import type { RunRow } from './tables';

export const HEARTBEAT_INTERVAL_MS = 1000;
/** A running sweep silent for this long is lost: five missed heartbeats. */
export const LOST_AFTER_MS = 5 * HEARTBEAT_INTERVAL_MS;

export const SIGN_OF_LIFE = 'coalesce(heartbeat_at, started_at)';

export function displayStatus(
  row: Pick<RunRow, 'status' | 'started_at' | 'heartbeat_at'>,
  now: number,
): RunStatus {
  if (row.status !== 'running') return row.status;
  const signOfLife = Number(row.heartbeat_at ?? row.started_at);
  return now - signOfLife > LOST_AFTER_MS ? 'lost' : 'running';
}

export function aliveSince(now = Date.now()): number {
  return now - LOST_AFTER_MS;
}

/** Rows that join no run as `r` (none named, or gone), or whose run ended or went silent. */
export function whereRunNotAlive(query: Knex.QueryBuilder): void {
  query.where(notAlive =>
    notAlive
      .whereNull('r.id')
      .orWhereNot('r.status', 'running')
      .orWhereRaw(`${SIGN_OF_LIFE} < ?`, [aliveSince()]),
  );
}
