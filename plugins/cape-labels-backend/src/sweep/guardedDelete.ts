import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  isTowerError,
  TowerHttpError,
  TowerResponseError,
  TowerTimeoutError,
  TowerUnreachableError,
} from '../cloudtower/errors';
import { neverSent } from '../cloudtower/networkErrors';
import type { TowerClient, TowerLabel } from '../cloudtower/types';
import type { PendingBatchId, RunStore } from '../database';
import { outcome } from './decide';
import { withRetry } from './retry';

/** Survivor reads spread over the settle window after a delete without a usable answer. */
const SETTLE_READS = 3;

/**
 * A delete without a usable answer — timeout, reset, 5xx, malformed answer — may have been
 * committed by Tower, now or a moment later. An answer Tower gave (GraphQL errors, 4xx, auth)
 * and a connection never made are not ambiguous.
 */
export function isAmbiguous(error: unknown): boolean {
  if (!isTowerError(error)) return true;
  if (error instanceof TowerTimeoutError) return true;
  if (error instanceof TowerResponseError) return true;
  if (error instanceof TowerHttpError) return error.status >= 500;
  if (error instanceof TowerUnreachableError) return !neverSent(error.code);
  return false;
}

export type GuardedDeleteContext = {
  client: TowerClient;
  store: Pick<RunStore, 'writePendingDeletes'>;
  towerId: string;
  runId: string;
  keys: string[];
  createdBefore: string;
  /** How long Tower may take to commit a delete whose answer we did not get (ms). */
  settleMs: number;
  signal: AbortSignal;
  /** A remark for the run's record (also logged). */
  note: (text: string) => void;
};

export type GuardedDeleteResult = {
  outcomes: LabelOutcome[];
  /** The delete's write-ahead record, which recording `outcomes` settles. */
  pending?: PendingBatchId;
  /** The delete's error, when it had one. */
  error?: unknown;
};

async function readSurvivors(
  ctx: GuardedDeleteContext,
  ids: string[],
): Promise<Set<string>> {
  // A read is safe to repeat, and without it the batch's outcome would be unknown.
  return new Set(
    await withRetry(() => ctx.client.readExistingIds(ids), 3, 250),
  );
}

/**
 * What is left of the batch: nothing when Tower answered that it deleted every id (the survivor
 * read would only confirm it); else read — after a settle window when the answer was lost.
 */
async function survivorsAfter(
  ctx: GuardedDeleteContext,
  ids: string[],
  reported: number | undefined,
  ambiguous: boolean,
): Promise<Set<string>> {
  if (reported === ids.length) return new Set();
  return ambiguous ? settle(ctx, ids) : readSurvivors(ctx, ids);
}

/** Re-reads survivors a few times over the settle window, until none is left. */
async function settle(
  ctx: GuardedDeleteContext,
  ids: string[],
): Promise<Set<string>> {
  let survivors = await readSurvivors(ctx, ids);
  for (let i = 0; i < SETTLE_READS && survivors.size > 0; i++) {
    if (ctx.signal.aborted) break;
    await sleep(ctx.settleMs / SETTLE_READS, undefined, {
      signal: ctx.signal,
    }).catch(() => undefined);
    survivors = await readSurvivors(ctx, [...survivors]);
  }
  return survivors;
}

function describe(error: unknown): string {
  const e = error as { message?: unknown };
  return typeof e?.message === 'string' ? e.message : String(error);
}

/**
 * Rule 5: one guarded `deleteManyLabels`, written ahead, then the survivor read deciding each
 * label's outcome. Throws only when the write-ahead record or the survivor read fails.
 */
export async function deleteGuarded(
  ctx: GuardedDeleteContext,
  take: TowerLabel[],
): Promise<GuardedDeleteResult> {
  const ids = take.map(l => l.id);
  const pending = await withRetry(() =>
    ctx.store.writePendingDeletes(
      ctx.towerId,
      ctx.runId,
      take.map(l => outcome(l, 'deleted')),
    ),
  );
  let reported: number | undefined;
  let error: unknown;
  try {
    reported = await ctx.client.deleteLabelsGuarded({
      ids,
      keys: ctx.keys,
      createdBefore: ctx.createdBefore,
    });
  } catch (e) {
    error = e;
  }
  const ambiguous = error !== undefined && isAmbiguous(error);
  const survivors = await survivorsAfter(ctx, ids, reported, ambiguous);
  const gone = ids.length - survivors.size;
  if (reported !== undefined && reported !== gone) {
    ctx.note(
      `deleteManyLabels answered count ${reported} for ${ids.length} labels, but ${gone} were gone afterwards`,
    );
  }
  if (ambiguous && gone > 0) {
    ctx.note(
      `deleteManyLabels for ${ids.length} labels got no usable answer (${describe(error)}); ${gone} were gone after settling and are recorded deleted`,
    );
  }
  const failedReason = ambiguous ? 'unanswered' : 'error';
  return {
    error,
    pending,
    outcomes: take.map(l => {
      if (!survivors.has(l.id)) return outcome(l, 'deleted');
      return error !== undefined
        ? outcome(l, 'failed', failedReason)
        : outcome(l, 'kept', 'raced');
    }),
  };
}
