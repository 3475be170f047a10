import { toError } from '@backstage/errors';
import type { PluginRunErrorCode } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerLabel } from '../cloudtower/TowerClient';
import { processBatch } from './batch';
import {
  capBeforeCheck,
  classifyPage,
  isConfirmed,
  type SweepPolicy,
} from './decide';
import { recordOutcomes } from './record';
import { withRetry } from './retry';
import type { RunContext } from './runContext';
import {
  errorOf,
  sweepResult,
  type RunState,
  type SweepResult,
} from './sweepResult';

const PROGRESS_INTERVAL_MS = 1000;
/** Consecutive failed batches after which the Tower is taken to be down and the run stops. */
const MAX_CONSECUTIVE_BATCH_FAILURES = 3;

/** Candidate batches in flight at once, at most `size`. */
export class BatchPool {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly size: number) {}

  /** Resolves once a batch may start. */
  async waitForRoom(): Promise<void> {
    while (this.inFlight.size >= this.size) await Promise.race(this.inFlight);
  }

  /** Starts a batch (`work` never throws). */
  launch(work: () => Promise<void>): void {
    const task = work().finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  /** Resolves once every batch started has ended. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }
}

/**
 * One sweep of one Tower, the README's rules in order. Per page: list → classify (rules 1–3) →
 * confirm (rule 6) → early cap (rule 7) → record the kept; per candidate batch, in flight
 * beside the listing (`batch.ts`): live check (rule 4) → cap (rule 7) → guarded delete or
 * preview (rules 5, 8) → record. Never throws for Tower failures: they end up in the result.
 */
export async function runSweep(
  run: RunContext,
  policy: SweepPolicy,
): Promise<SweepResult> {
  const { state, signal } = run;
  const maxDeletes = run.tower.maxDeletesPerRun;
  const batches = new BatchPool(run.batchesInFlight);
  const confirming = policy.confirmCutoffMs !== undefined;
  let listedAll = false;
  try {
    for await (const page of listPages(run, policy)) {
      const listed = classifyPage(page, policy);
      state.counts.scanned += listed.scanned;
      state.counts.candidates += listed.candidates.length;
      const unconfirmed = await unconfirmedOf(run, listed.candidates, policy);
      const early = capBeforeCheck(state, listed.candidates, {
        maxDeletes,
        confirming,
      });
      await recordOutcomes(run, [...listed.kept, ...early.kept]);
      if (early.take.length) {
        await batches.waitForRoom();
        // Aborted while waiting for a free slot: stop before the next batch (nothing sent for it).
        if (signal.aborted) break;
        batches.launch(() =>
          processBatch(run, policy, early.take, unconfirmed),
        );
      }
      await writeProgress(run);
      if (shouldStop(state, signal)) break;
    }
    listedAll = !state.fatal && !signal.aborted;
  } catch (error) {
    if (!signal.aborted) state.fatal = errorOf(error);
  } finally {
    await batches.settled();
  }
  if (listedAll) await pruneSightings(run);
  return sweepResult({ ...state, aborted: signal.aborted, maxDeletes });
}

/**
 * Rule 6 on a page: the ids of candidates not seen long enough ago, then this run's sighting
 * recorded. Without confirmation sightings are neither read nor written.
 */
export async function unconfirmedOf(
  run: RunContext,
  candidates: TowerLabel[],
  policy: SweepPolicy,
): Promise<ReadonlySet<string>> {
  const unconfirmed = new Set<string>();
  if (policy.confirmCutoffMs === undefined || candidates.length === 0)
    return unconfirmed;
  const { store, tower } = run;
  const ids = candidates.map(l => l.id);
  const firstSeen = await store.getSightings(tower.id, ids);
  for (const label of candidates) {
    if (!isConfirmed(firstSeen.get(label.id), policy))
      unconfirmed.add(label.id);
  }
  await store.addSightings(tower.id, ids, run.startedAt);
  return unconfirmed;
}

/** List (rule 1): the swept keys' keyset pages, one page in flight ahead of the one decided. */
export function listPages(
  run: RunContext,
  policy: SweepPolicy,
): AsyncIterable<TowerLabel[]> {
  return prefetched(
    run.client.listLabelPages(
      { keys: [...policy.keys] },
      { pageSize: run.pageSize, signal: run.signal },
    ),
  );
}

/**
 * Iterates `source` one item ahead: the next item is requested as soon as the current one is
 * handed out, so a keyset page is on the wire while the previous one is being decided and
 * recorded. Keyset listing is a chain (each page needs the last id of the one before), so this
 * overlap is the only way to shorten it.
 */
export async function* prefetched<T>(
  source: AsyncIterable<T>,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const result = await next;
      if (result.done) return;
      next = iterator.next();
      // If the consumer stops early, nobody awaits this one: its failure is not news.
      next.catch(() => undefined);
      yield result.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/**
 * The run's counts for the card, at most once a second. A courtesy: a failed write is not
 * worth stopping for, and only a write that succeeded is announced (`onProgress`).
 */
export async function writeProgress(run: RunContext): Promise<void> {
  const { state } = run;
  if (Date.now() - state.lastProgressMs < PROGRESS_INTERVAL_MS) return;
  state.lastProgressMs = Date.now();
  await run.store.updateRunCounts(run.runId, { ...state.counts }).then(
    () =>
      run.hooks.onProgress?.({
        runId: run.runId,
        towerId: run.tower.id,
        status: 'running',
      }),
    () => undefined,
  );
}

/** After each page: whether the run stops listing (it sets `fatal` when Tower seems down). */
export function shouldStop(state: RunState, signal: AbortSignal): boolean {
  if (state.fatal) return true;
  if (state.consecutiveFailures >= MAX_CONSECUTIVE_BATCH_FAILURES) {
    state.fatal = {
      message: `stopped after ${state.consecutiveFailures} failed batches in a row: ${state.lastBatchError?.message}`,
      code: state.lastBatchError?.code,
    };
    return true;
  }
  return signal.aborted;
}

/**
 * The end of a whole listing: sightings not seen this run are pruned. Housekeeping after Tower
 * was acted on: a database blip here must not lose the run's counts.
 */
async function pruneSightings(run: RunContext): Promise<void> {
  await withRetry(() =>
    run.store.pruneSightings(run.tower.id, run.startedAt),
  ).catch(error => {
    run.state.fatal = {
      message: `could not prune sightings: ${toError(error).message}`,
      code: 'STORE_FAILED' satisfies PluginRunErrorCode,
    };
  });
}
