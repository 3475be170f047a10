import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import { whereRunNotAlive } from './liveness';
import type { RequestsStore, SweepRequest } from './RequestsStore';
import { rowToRequest } from './rowMapping';
import type { RunsDatabase } from './RunsDatabase';
import type { NewRun } from './RunsStore';
import type { StoreConnection } from './storeConnection';
import { REQUESTS, RUNS, type RequestRow } from './tables';

export class RequestsDatabase implements RequestsStore {
  constructor(
    private readonly connection: StoreConnection,
    private readonly runs: RunsDatabase,
  ) {}

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
    await this.connection.db<RequestRow>(REQUESTS).insert(row);
    return rowToRequest({ ...row, seq: 0 });
  }

  private requestsFree(towerId: string) {
    return this.connection
      .db<RequestRow>(`${REQUESTS} as q`)
      .leftJoin(`${RUNS} as r`, 'r.id', 'q.claimed_by')
      .where('q.tower_id', towerId)
      .andWhere(free =>
        free
          .whereNull('q.claimed_by')
          .orWhere(stale =>
            stale.modify(whereRunNotAlive, this.connection.aliveSince()),
          ),
      )
      .orderBy('q.seq', 'asc');
  }

  async nextRequest(towerId: string): Promise<SweepRequest | undefined> {
    const row = await this.requestsFree(towerId).select('q.*').first();
    return row ? rowToRequest(row) : undefined;
  }

  private requestAsRead(db: Knex, request: SweepRequest) {
    const query = db<RequestRow>(REQUESTS).where({ id: request.id });
    return request.claimedBy === undefined
      ? query.whereNull('claimed_by')
      : query.where({ claimed_by: request.claimedBy });
  }

  async claimRequest(request: SweepRequest, runId: string): Promise<boolean> {
    const claimed = await this.requestAsRead(
      this.connection.db,
      request,
    ).update({
      claimed_by: runId,
    });
    return claimed === 1;
  }

  async takeRequest(
    request: SweepRequest,
    run: NewRun,
  ): Promise<RunSummary | undefined> {
    return this.connection.db.transaction(async tx => {
      if ((await this.requestAsRead(tx, request).delete()) !== 1)
        return undefined;
      return this.runs.insertRun(tx, run);
    });
  }

  async hasPendingRequest(towerId: string): Promise<boolean> {
    return (
      (await this.requestsFree(towerId).select('q.seq').first()) !== undefined
    );
  }

  async cancelRequest(requestId: string): Promise<boolean> {
    const withdrawn = await this.connection
      .db(REQUESTS)
      .where({ id: requestId })
      .whereNull('claimed_by')
      .delete();
    return withdrawn > 0;
  }
}
