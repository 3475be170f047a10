import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerClient, TowerLabel } from '../cloudtower/types';
import type { RunStore } from '../database';
import { prefetched } from './prefetch';
import { withRetry } from './retry';
import { errorOf, sweepResult, type SweepResult } from './sweepResult';
import { deleteGuarded, type GuardedDeleteContext } from './guardedDelete';
import {
  applyCap,
  classifyListed,
  classifyLive,
  countOutcomes,
  emptyCounts,
  isConfirmed,
  outcome,
  type KeptTally,
  type SweepPolicy,
} from './decide';

export type { SweepResult };

/** Consecutive failed batches after which the Tower is taken to be down and the run stops. */
const MAX_CONSECUTIVE_BATCH_FAILURES = 3;
const PROGRESS_INTERVAL_MS = 1000;

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
};

/**
 * One sweep of one Tower: streams keyset pages, applies the deletion rules and records every
 * outcome. Never throws for Tower failures: they end up in the result.
 */
export async function runSweep(
  params: SweepParams,
  deps: SweepDeps,
): Promise<SweepResult> {
  const { client, store } = deps;
  const { runId, towerId, policy, signal } = params;
  const keys = [...policy.keys];
  const createdBefore = new Date(policy.cutoffMs).toISOString();
  const counts = emptyCounts();
  const keptByReason: KeptTally = new Map();
  const inFlight = new Set<Promise<void>>();
  let reserved = 0; // deletions reserved against the cap (rule 7)
  let capped = false;
  let consecutiveFailures = 0;
  let fatal: { message: string; code?: string } | undefined;
  let lastBatchError: { message: string; code?: string } | undefined;
  let lastProgress = 0;

  const record = async (outcomes: LabelOutcome[]) => {
    if (outcomes.length === 0) return;
    await withRetry(() => store.addOutcomes(runId, outcomes));
    countOutcomes(counts, keptByReason, outcomes);
  };

  const deleteCtx: GuardedDeleteContext = {
    client,
    store,
    towerId,
    runId,
    keys,
    createdBefore,
    settleMs: params.settleMs,
    signal,
    note: text => deps.onNote?.(text),
  };

  /**
   * Unconfirmed candidates are checked live too: a VM the counter hides must restart their
   * confirmation (rule 6), which only the live check can see.
   */
  const processBatch = async (
    labels: TowerLabel[],
    unconfirmed: ReadonlySet<string>,
  ): Promise<void> => {
    const results: LabelOutcome[] = [];
    try {
      const live = new Map(
        (await client.checkLabels(labels.map(l => l.id))).map(s => [s.id, s]),
      );
      const orphans: TowerLabel[] = [];
      for (const label of labels) {
        const verdict = classifyLive(live.get(label.id));
        if (!verdict.candidate)
          results.push(outcome(label, 'kept', verdict.reason));
        else if (unconfirmed.has(label.id))
          results.push(outcome(label, 'kept', 'unconfirmed'));
        else orphans.push(label);
      }
      const { take, over } = applyCap(orphans, params.maxDeletes - reserved);
      reserved += take.length;
      if (over.length) capped = true;
      results.push(...over.map(l => outcome(l, 'kept', 'cap')));
      if (params.dryRun) {
        results.push(...take.map(l => outcome(l, 'would-delete')));
      } else if (take.length) {
        const deletion = await deleteGuarded(deleteCtx, take);
        results.push(...deletion.outcomes);
        if (deletion.error !== undefined) {
          lastBatchError = errorOf(deletion.error);
          if (!deletion.outcomes.some(o => o.action === 'deleted'))
            throw deletion.error;
        }
      }
      consecutiveFailures = 0;
    } catch (error) {
      const done = new Set(results.map(r => r.labelId));
      results.push(
        ...labels
          .filter(l => !done.has(l.id))
          .map(l => outcome(l, 'failed', 'error')),
      );
      lastBatchError = errorOf(error);
      consecutiveFailures++;
    }
    try {
      await record(results);
    } catch (error) {
      // Tower acted but the history could not be written: stop rather than act unrecorded.
      fatal = {
        message: `could not record outcomes: ${errorOf(error).message}`,
        code: 'STORE_FAILED',
      };
      return;
    }
    const deleted = results.filter(r => r.action === 'deleted');
    if (deleted.length) deps.onDeleted?.(deleted);
  };

  const waitForRoom = async () => {
    while (inFlight.size >= params.batchesInFlight)
      await Promise.race(inFlight);
  };

  const launch = (labels: TowerLabel[], unconfirmed: ReadonlySet<string>) => {
    const task = processBatch(labels, unconfirmed).finally(() =>
      inFlight.delete(task),
    );
    inFlight.add(task);
  };

  const confirming = policy.confirmCutoffMs !== undefined;
  let listedAll = false;
  try {
    for await (const page of prefetched(
      client.listLabelPages({ keys }, { pageSize: params.pageSize, signal }),
    )) {
      const kept: LabelOutcome[] = [];
      const candidates: TowerLabel[] = [];
      for (const label of page) {
        const verdict = classifyListed(label, policy);
        if (!verdict) continue;
        counts.scanned++;
        if (verdict.candidate) candidates.push(label);
        else kept.push(outcome(label, 'kept', verdict.reason));
      }
      counts.candidates += candidates.length;

      let toCheck = candidates;
      const unconfirmed = new Set<string>();
      if (candidates.length) {
        const ids = candidates.map(l => l.id);
        if (confirming) {
          const firstSeen = await store.getSightings(towerId, ids);
          for (const label of candidates) {
            if (!isConfirmed(firstSeen.get(label.id), policy))
              unconfirmed.add(label.id);
          }
        }
        // Sightings only serve confirmation: without it they are not written (nor read).
        if (confirming) await store.addSightings(towerId, ids, params.runStart);
      }

      // Without confirmation a capped label needs no live check; with it, the check still
      // restarts the confirmation of labels in use (the cap is applied after it).
      if (!confirming && toCheck.length && reserved >= params.maxDeletes) {
        capped = true;
        kept.push(...toCheck.map(l => outcome(l, 'kept', 'cap')));
        toCheck = [];
      }
      await record(kept);
      if (toCheck.length) {
        await waitForRoom();
        // Aborted while waiting for a free slot: stop before the next batch (nothing sent for it).
        if (signal.aborted) break;
        launch(toCheck, unconfirmed);
      }

      if (Date.now() - lastProgress >= PROGRESS_INTERVAL_MS) {
        lastProgress = Date.now();
        // Progress is a courtesy to the card: a failed update is not worth stopping for.
        await store
          .updateRunCounts(runId, { ...counts })
          .catch(() => undefined);
      }
      if (fatal) break;
      if (consecutiveFailures >= MAX_CONSECUTIVE_BATCH_FAILURES) {
        fatal = {
          message: `stopped after ${consecutiveFailures} failed batches in a row: ${lastBatchError?.message}`,
          code: lastBatchError?.code,
        };
        break;
      }
      if (signal.aborted) break;
    }
    listedAll = !fatal && !signal.aborted;
  } catch (error) {
    if (!signal.aborted) fatal = errorOf(error);
  } finally {
    await Promise.allSettled([...inFlight]);
  }

  if (listedAll) {
    // Housekeeping after Tower was acted on: a database blip here must not lose the run's counts.
    await withRetry(() => store.pruneSightings(towerId, params.runStart)).catch(
      error => {
        fatal = {
          message: `could not prune sightings: ${errorOf(error).message}`,
          code: 'STORE_FAILED',
        };
      },
    );
  }

  return sweepResult({
    counts,
    keptByReason,
    aborted: signal.aborted,
    fatal,
    lastBatchError,
    capped,
    maxDeletes: params.maxDeletes,
  });
}
