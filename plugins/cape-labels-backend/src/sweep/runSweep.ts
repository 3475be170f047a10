import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerClient } from '../cloudtower/types';
import type { RunStore } from '../database';
import type { SweepPolicy } from './decide';
import { withRetry } from './retry';
import { processBatch, type BatchContext } from './stages/batch';
import { BatchPool } from './stages/batchPool';
import { capBeforeCheck } from './stages/cap';
import { classifyPage } from './stages/classify';
import { unconfirmedOf } from './stages/confirm';
import { listPages } from './stages/list';
import { shouldStop, writeProgress } from './stages/progress';
import { recordOutcomes } from './stages/record';
import { newRunState, type RunState } from './stages/runState';
import { errorOf, sweepResult, type SweepResult } from './sweepResult';

export type SweepStore = Pick<
  RunStore,
  | 'addOutcomes'
  | 'updateRunCounts'
  | 'getSightings'
  | 'addSightings'
  | 'pruneSightings'
  | 'writePendingDeletes'
>;

export type SweepParams = {
  runId: string;
  towerId: string;
  runStart: Date;
  policy: SweepPolicy;
  dryRun: boolean;
  maxDeletes: number;
  pageSize: number;
  /** Candidate batches (check → delete → survivor read) in flight at once. */
  batchesInFlight: number;
  /** How long Tower may take to commit a delete whose answer was lost (ms); see guardedDelete. */
  settleMs: number;
  /** Stops the sweep before its next page or batch; requests already sent finish. */
  signal: AbortSignal;
};

export type SweepDeps = {
  client: TowerClient;
  store: SweepStore;
  /** Called with every batch of labels this run deleted (the audit trail). */
  onDeleted?: (deleted: LabelOutcome[]) => void;
  /** A remark for the run's record (a count Tower answered that the survivor read contradicts, ...). */
  onNote?: (text: string) => void;
  /** The run's counts were written (the card may re-read them). */
  onProgress?: () => void;
};

function batchContext(
  params: SweepParams,
  deps: SweepDeps,
  state: RunState,
): BatchContext {
  const { client, store } = deps;
  const { runId, towerId, policy, signal } = params;
  return {
    client,
    store,
    runId,
    state,
    maxDeletes: params.maxDeletes,
    dryRun: params.dryRun,
    onDeleted: deps.onDeleted,
    deletion: {
      client,
      store,
      towerId,
      runId,
      keys: [...policy.keys],
      createdBefore: new Date(policy.cutoffMs).toISOString(),
      settleMs: params.settleMs,
      signal,
      note: text => deps.onNote?.(text),
    },
  };
}

/**
 * One sweep of one Tower (steps 6–15 of docs/architecture.md#the-sweep-pipeline). Per page:
 * list → classify → confirm → (early cap) → record the kept; per candidate batch, in flight
 * beside the listing: live check → cap → delete → record. Never throws for Tower failures:
 * they end up in the result.
 */
export async function runSweep(
  params: SweepParams,
  deps: SweepDeps,
): Promise<SweepResult> {
  const { store } = deps;
  const { runId, towerId, policy, signal } = params;
  const state = newRunState();
  const batch = batchContext(params, deps, state);
  const batches = new BatchPool(params.batchesInFlight);
  const confirming = policy.confirmCutoffMs !== undefined;
  const sightings = { store, towerId, runStart: params.runStart };
  let listedAll = false;
  try {
    for await (const page of listPages(deps.client, policy, {
      pageSize: params.pageSize,
      signal,
    })) {
      const listed = classifyPage(page, policy);
      state.counts.scanned += listed.scanned;
      state.counts.candidates += listed.candidates.length;
      const unconfirmed = await unconfirmedOf(
        listed.candidates,
        policy,
        sightings,
      );
      const early = capBeforeCheck(state, listed.candidates, {
        maxDeletes: params.maxDeletes,
        confirming,
      });
      await recordOutcomes({ store, runId }, state, [
        ...listed.kept,
        ...early.kept,
      ]);
      if (early.take.length) {
        await batches.waitForRoom();
        // Aborted while waiting for a free slot: stop before the next batch (nothing sent for it).
        if (signal.aborted) break;
        batches.launch(() => processBatch(batch, early.take, unconfirmed));
      }
      await writeProgress({ store, runId }, state, deps.onProgress);
      if (shouldStop(state, signal)) break;
    }
    listedAll = !state.fatal && !signal.aborted;
  } catch (error) {
    if (!signal.aborted) state.fatal = errorOf(error);
  } finally {
    await batches.settled();
  }
  if (listedAll) await pruneSightings(store, towerId, params.runStart, state);
  return sweepResult({
    ...state,
    aborted: signal.aborted,
    maxDeletes: params.maxDeletes,
  });
}

/**
 * The end of a whole listing: sightings not seen this run are pruned. Housekeeping after Tower
 * was acted on: a database blip here must not lose the run's counts.
 */
async function pruneSightings(
  store: Pick<RunStore, 'pruneSightings'>,
  towerId: string,
  runStart: Date,
  state: RunState,
): Promise<void> {
  await withRetry(() => store.pruneSightings(towerId, runStart)).catch(
    error => {
      state.fatal = {
        message: `could not prune sightings: ${errorOf(error).message}`,
        code: 'STORE_FAILED',
      };
    },
  );
}
