import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type {
  RunSummary,
  RunTrigger,
} from '@smartx-cape/plugin-cape-labels-common';
import { whereRunNotAlive } from './liveness';
import { insertRun, type NewRun } from './RunsDatabase';
import { ConnectedStore } from './storeConnection';
import { REQUESTS, RUNS, type RequestRow } from './tables';

/** A request for a sweep (card or events bus) waiting for the Tower's lease holder. */
export type SweepRequest = {
  id: string;
  towerId: string;
  trigger: Exclude<RunTrigger, 'schedule' | 'external'>;
  requestedBy?: string;
  dryRun: boolean;
  requestedAt: Date;
  /** The run that claimed it (`claimRequest`). */
  claimedBy?: string;
};

function rowToRequest(row: RequestRow): SweepRequest {
  return {
    id: row.id,
    towerId: row.tower_id,
    trigger: row.trigger,
    dryRun: Boolean(row.dry_run),
    requestedAt: new Date(Number(row.requested_at)),
    ...(row.requested_by === null ? {} : { requestedBy: row.requested_by }),
    ...(row.claimed_by ? { claimedBy: row.claimed_by } : {}),
  };
}

function requestAsRead(
  db: Knex,
  { id, claimedBy }: Pick<SweepRequest, 'id' | 'claimedBy'>,
) {
  return db<RequestRow>(REQUESTS).where({ id, claimed_by: claimedBy ?? null });
}

export class RequestsDatabase extends ConnectedStore {
  async enqueueRequest(
    request: Omit<SweepRequest, 'id' | 'claimedBy'>,
  ): Promise<SweepRequest> {
    const row: Omit<RequestRow, 'seq'> = {
      id: randomUUID(),
      tower_id: request.towerId,
      trigger: request.trigger,
      requested_by: request.requestedBy ?? null,
      dry_run: request.dryRun,
      requested_at: request.requestedAt.getTime(),
    };
    await this.db<RequestRow>(REQUESTS).insert(row);
    return rowToRequest({ ...row, seq: 0 });
  }

  /** The Tower's oldest request free to take: unclaimed, or claimed by a run no longer alive. */
  async nextRequest(towerId: string): Promise<SweepRequest | undefined> {
    const row = await this.db<RequestRow>(`${REQUESTS} as q`)
      .leftJoin(`${RUNS} as r`, 'r.id', 'q.claimed_by')
      .where('q.tower_id', towerId)
      .modify(whereRunNotAlive)
      .orderBy('q.seq', 'asc')
      .first('q.*');
    return row ? rowToRequest(row) : undefined;
  }

  /** Claims `request`, as last read, for the run before it in its start; false if it changed. */
  async claimRequest(request: SweepRequest, runId: string): Promise<boolean> {
    const claimed = await requestAsRead(this.db, request).update({
      claimed_by: runId,
    });
    return claimed === 1;
  }

  /** Takes `request`, as last read, recording its run in one transaction; undefined if changed. */
  async takeRequest(
    request: SweepRequest,
    run: NewRun,
  ): Promise<RunSummary | undefined> {
    return this.db.transaction(async tx => {
      if ((await requestAsRead(tx, request).delete()) !== 1) return undefined;
      return insertRun(tx, run);
    });
  }

  /** Withdraws a request nobody claimed; false when it is no longer waiting unclaimed. */
  async cancelRequest(requestId: string): Promise<boolean> {
    return (await requestAsRead(this.db, { id: requestId }).delete()) > 0;
  }
}
