import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { RunTrigger } from '@smartx-cape/plugin-cape-labels-common';
import { toMillis } from './rowMapping';
import { REQUESTS, type RequestRow } from './tables';

/** A request for a sweep (card or events bus) waiting for the Tower's lease holder. */
export type SweepRequest = {
  id: string;
  towerId: string;
  trigger: Exclude<RunTrigger, 'schedule' | 'external'>;
  requestedBy?: string;
  dryRun: boolean;
  requestedAt: Date;
};

function rowToRequest(row: RequestRow): SweepRequest {
  const request: SweepRequest = {
    id: row.id,
    towerId: row.tower_id,
    trigger: row.trigger,
    dryRun: Boolean(row.dry_run),
    requestedAt: new Date(toMillis(row.requested_at)),
  };
  if (row.requested_by !== null) {
    request.requestedBy = row.requested_by;
  }
  return request;
}

export async function enqueueRequest(
  db: Knex,
  request: Omit<SweepRequest, 'id'>,
): Promise<SweepRequest> {
  const row: Omit<RequestRow, 'seq'> = {
    id: randomUUID(),
    tower_id: request.towerId,
    trigger: request.trigger,
    requested_by: request.requestedBy ?? null,
    dry_run: request.dryRun,
    requested_at: request.requestedAt.getTime(),
  };
  await db<RequestRow>(REQUESTS).insert(row);
  return rowToRequest({ ...row, seq: 0 });
}

/**
 * Atomic across replicas without locks: whoever deletes the row owns it. A replica whose
 * delete affects nothing lost the race for that row and tries the next oldest.
 */
export async function takeRequest(
  db: Knex,
  towerId: string,
): Promise<SweepRequest | undefined> {
  for (;;) {
    const oldest: RequestRow | undefined = await db<RequestRow>(REQUESTS)
      .where({ tower_id: towerId })
      .orderBy('seq', 'asc')
      .first();
    if (!oldest) {
      return undefined;
    }
    const deleted = await db<RequestRow>(REQUESTS)
      .where({ id: oldest.id })
      .delete();
    if (deleted === 1) {
      return rowToRequest(oldest);
    }
  }
}

export async function hasPendingRequest(
  db: Knex,
  towerId: string,
): Promise<boolean> {
  const row = await db<RequestRow>(REQUESTS)
    .select('seq')
    .where({ tower_id: towerId })
    .first();
  return row !== undefined;
}

export async function cancelRequest(
  db: Knex,
  requestId: string,
): Promise<boolean> {
  return (await db<RequestRow>(REQUESTS).where({ id: requestId }).delete()) > 0;
}
