import type {
  LabelOutcome,
  RunCounts,
  RunStatus,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerClient, TowerLabel } from '../cloudtower/types';
import type { RunStore } from '../database/types';
import { prefetched } from './prefetch';
import { withRetry } from './retry';
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
  /** Stops the sweep before its next page or batch; requests already sent finish. */
  signal: AbortSignal;
};

export type SweepDeps = {
  client: TowerClient;
  store: SweepStore;
  /** Called with every batch of labels this run deleted (the audit trail). */
  onDeleted?: (deleted: LabelOutcome[]) => void;
};

export type SweepResult = {
  status: Exclude<RunStatus, 'running' | 'lost'>;
  counts: RunCounts;
  keptByReason: KeptTally;
  error?: { message: string; code?: string };
};

function errorOf(error: unknown): { message: string; code?: string } {
  const e = error as { message?: unknown; code?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return typeof e?.code === 'string' ? { message, code: e.code } : { message };
}

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

  // Rule 5: the guard repeats rules 1-4 on Tower; whatever still exists afterwards survived.
  const deleteGuarded = async (take: TowerLabel[]): Promise<LabelOutcome[]> => {
    const ids = take.map(l => l.id);
    let deleteError: unknown;
    try {
      await client.deleteLabelsGuarded({ ids, keys, createdBefore });
    } catch (error) {
      deleteError = error;
    }
    // A read is safe to repeat, and without it the batch's outcome would be unknown.
    const survivors = new Set(
      await withRetry(() => client.readExistingIds(ids), 3, 250),
    );
    if (deleteError && survivors.size === ids.length) throw deleteError;
    if (deleteError) lastBatchError = errorOf(deleteError);
    return take.map(l => {
      if (!survivors.has(l.id)) return outcome(l, 'deleted');
      return deleteError
        ? outcome(l, 'failed', 'error')
        : outcome(l, 'kept', 'raced');
    });
  };

  const processBatch = async (labels: TowerLabel[]): Promise<void> => {
    const results: LabelOutcome[] = [];
    try {
      const live = new Map(
        (await client.checkLabels(labels.map(l => l.id))).map(s => [s.id, s]),
      );
      const orphans: TowerLabel[] = [];
      for (const label of labels) {
        const verdict = classifyLive(live.get(label.id));
        if (verdict.candidate) orphans.push(label);
        else results.push(outcome(label, 'kept', verdict.reason));
      }
      const { take, over } = applyCap(orphans, params.maxDeletes - reserved);
      reserved += take.length;
      if (over.length) capped = true;
      results.push(...over.map(l => outcome(l, 'kept', 'cap')));
      if (params.dryRun) {
        results.push(...take.map(l => outcome(l, 'would-delete')));
      } else if (take.length) {
        results.push(...(await deleteGuarded(take)));
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

  const launch = (labels: TowerLabel[]) => {
    const task = processBatch(labels).finally(() => inFlight.delete(task));
    inFlight.add(task);
  };

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

      let confirmed = candidates;
      if (candidates.length) {
        const ids = candidates.map(l => l.id);
        if (policy.confirmCutoffMs !== undefined) {
          const firstSeen = await store.getSightings(towerId, ids);
          confirmed = [];
          for (const label of candidates) {
            if (isConfirmed(firstSeen.get(label.id), policy))
              confirmed.push(label);
            else kept.push(outcome(label, 'kept', 'unconfirmed'));
          }
        }
        await store.addSightings(towerId, ids, params.runStart);
      }

      if (confirmed.length && reserved >= params.maxDeletes) {
        capped = true;
        kept.push(...confirmed.map(l => outcome(l, 'kept', 'cap')));
        confirmed = [];
      }
      await record(kept);
      if (confirmed.length) {
        await waitForRoom();
        // Aborted while waiting for a free slot: stop before the next batch (nothing sent for it).
        if (signal.aborted) break;
        launch(confirmed);
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

  if (signal.aborted) {
    return {
      status: 'aborted',
      counts,
      keptByReason,
      error: {
        message:
          'the sweep was stopped before it finished (timeout or shutdown)',
        code: 'ABORTED',
      },
    };
  }
  if (fatal) return { status: 'failed', counts, keptByReason, error: fatal };
  if (counts.failed > 0)
    return { status: 'partial', counts, keptByReason, error: lastBatchError };
  if (capped) {
    return {
      status: 'partial',
      counts,
      keptByReason,
      error: {
        message: `stopped deleting at maxDeletesPerRun (${params.maxDeletes}); the rest wait for the next run`,
        code: 'CAP_REACHED',
      },
    };
  }
  return { status: 'succeeded', counts, keptByReason };
}
