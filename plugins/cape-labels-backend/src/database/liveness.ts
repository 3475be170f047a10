import type { RunStatus } from '@smartx-cape/plugin-cape-labels-common';

/** How often a running sweep writes its heartbeat. */
export const HEARTBEAT_INTERVAL_MS = 1000;
/** A running sweep silent for this long is lost: five missed heartbeats. */
export const LOST_AFTER_MS = 5 * HEARTBEAT_INTERVAL_MS;

/** PostgreSQL returns bigint columns as strings, SQLite as numbers. */
type LivenessRow = {
  status: RunStatus;
  started_at: number | string;
  heartbeat_at?: number | string | null;
};

/** The last sign of life of a run: its heartbeat, or its start before the first one. */
function lastSignOfLife(row: LivenessRow): number {
  return Number(row.heartbeat_at ?? row.started_at);
}

/** The status an API answer shows: a `running` run without a recent heartbeat is `lost`. */
export function displayStatus(row: LivenessRow, now: number): RunStatus {
  if (row.status !== 'running') return row.status;
  return now - lastSignOfLife(row) > LOST_AFTER_MS ? 'lost' : 'running';
}

/** The store's clock: it decides whether a `running` run is shown `lost`. */
export type StoreClock = () => Date;

/** A `running` run's heartbeat is newer than this: its sweep is alive. */
export function aliveSince(now: number): number {
  return now - LOST_AFTER_MS;
}

/** SQL: a run's last sign of life (see lastSignOfLife). */
export const SIGN_OF_LIFE = 'coalesce(heartbeat_at, started_at)';
