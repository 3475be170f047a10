import type { LoggerService } from '@backstage/backend-plugin-api';
import type {
  LabelOutcome,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { DateTime } from 'luxon';
import type { TowerClient } from '../cloudtower/types';
import { sweptKeys, type TowerConfig } from '../config/types';
import {
  HEARTBEAT_INTERVAL_MS,
  type Retention,
  type RunStore,
} from '../database';
import type { SweepPolicy } from './decide';
import { CANCELLED_NOTE, cancelledByScheduler } from './cancelled';
import type { SweepMetrics } from './metrics';
import type { PlannedRun } from './planTick';
import { recheckPendingDeletes } from './recheck';
import { withRetry } from './retry';
import { towerRunStart } from './runClock';
import { RunNotes } from './runNotes';
import { runSweep } from './runSweep';
import { failedBeforeSweep, type SweepResult } from './sweepResult';
import type { SweeperHooks } from './sweeperHooks';

/** Everything one run of one Tower needs, the sweeper's options resolved. */
export type SweepOnceContext = {
  tower: TowerConfig;
  store: RunStore;
  logger: LoggerService;
  instance: string;
  /** rootInstanceMetadata's id of this backend instance. */
  instanceId?: string;
  hooks: SweeperHooks;
  now: () => Date;
  /** True once this backend is shutting down (an abort then is not the scheduler's). */
  shuttingDown: () => boolean;
  pageSize: number;
  batchesInFlight: number;
  settleMs: number;
  /** `capeLabels.maxClockAhead` in ms (runClock.ts). */
  maxClockAheadMs: number;
  retention: Retention;
  /** A client per run: a fresh login each time, closed afterwards. */
  createClient: () => TowerClient;
  /** The plugin's metrics; absent, nothing is measured. */
  metrics?: SweepMetrics;
};

/** Step 2: the run record, with the settings it runs by. */
async function startRun(ctx: SweepOnceContext, planned: PlannedRun) {
  const { tower, store, logger } = ctx;
  const startedAt = ctx.now();
  const dryRun = tower.dryRun || planned.dryRun;
  const keys = sweptKeys(tower.resourcePrefix);
  const run = await store.createRun({
    towerId: tower.id,
    trigger: planned.trigger,
    requestedBy: planned.requestedBy,
    dryRun,
    instance: ctx.instance,
    instanceId: ctx.instanceId,
    startedAt,
    settings: {
      minAge: tower.minAge.toISO() ?? 'PT0S',
      confirmAfter: tower.confirmAfter.toISO() ?? 'PT0S',
      maxDeletesPerRun: tower.maxDeletesPerRun,
      keys,
    },
  });
  ctx.hooks.onProgress?.({
    runId: run.id,
    towerId: run.towerId,
    status: run.status,
  });
  logger.info(
    `Tower ${tower.id}: sweep ${run.id} started (${planned.trigger}${dryRun ? ', dry run' : ''})`,
  );
  return { run, startedAt, dryRun, keys };
}

/** Step 5: what the run decides by, fixed at its start (rules 1, 2 and 6). */
function runPolicy(
  tower: TowerConfig,
  keys: string[],
  startedAt: Date,
  towerStart: DateTime,
): SweepPolicy {
  const confirming = tower.confirmAfter.as('milliseconds') > 0;
  return {
    keys: new Set(keys),
    // Tower stamps createdAt: its clock, not ours, says how old a label is.
    cutoffMs: towerStart.minus(tower.minAge).toMillis(),
    confirmCutoffMs: confirming
      ? DateTime.fromJSDate(startedAt)
          .toUTC()
          .minus(tower.confirmAfter)
          .toMillis()
      : undefined,
  };
}

/** Step 16's log line: the counts, and why a run that did not succeed ended so. */
function logRunEnd(
  logger: LoggerService,
  summary: RunSummary,
  result: SweepResult,
): void {
  const c = summary.counts;
  const reasons = [...result.keptByReason]
    .map(([r, n]) => `${r} ${n}`)
    .join(', ');
  const line = `Tower ${summary.towerId}: sweep ${summary.id} ${summary.status} in ${summary.durationMs} ms: scanned ${c.scanned}, candidates ${c.candidates}, deleted ${c.deleted}, kept ${c.kept}${reasons ? ` (${reasons})` : ''}, failed ${c.failed}`;
  if (summary.status === 'succeeded') logger.info(line);
  else
    logger.warn(`${line}${summary.error ? ` (${summary.error.message})` : ''}`);
}

/**
 * One run of one Tower (steps 2–16 of docs/architecture.md#the-sweep-pipeline): the run record,
 * Tower's clock, the re-check of earlier unanswered deletes, the policy, the pipeline
 * (`runSweep`), then the end of the run and what follows it.
 */
export async function sweepOnce(
  ctx: SweepOnceContext,
  planned: PlannedRun,
  signal: AbortSignal,
): Promise<RunSummary> {
  const { tower, store, logger, hooks } = ctx;
  const { run, startedAt, dryRun, keys } = await startRun(ctx, planned);
  const client = ctx.createClient();
  // Independent of Tower's pace: a page may take a whole request timeout.
  const heartbeat = setInterval(() => {
    store.heartbeat(run.id, ctx.now()).catch(() => undefined);
  }, HEARTBEAT_INTERVAL_MS);
  const notes = new RunNotes(logger, `Tower ${tower.id}: run ${run.id}`);
  const audit = (runId: string, deleted: LabelOutcome[]) =>
    hooks.onDeleted?.(runId, deleted);
  let result: SweepResult;
  try {
    const towerStart = await towerRunStart(
      {
        towerId: tower.id,
        client,
        store,
        logger,
        now: ctx.now,
        note: notes.keep,
        maxAheadMs: ctx.maxClockAheadMs,
      },
      run.id,
      startedAt,
      signal,
    );
    // Rule 4: every relation that can reference a label, or no sweep (the run fails).
    const relations = await client.readLabelRelations(signal);
    await withRetry(() =>
      store.setRunRelations(run.id, {
        source: relations.source,
        checked: relations.fields,
      }),
    );
    await recheckPendingDeletes({
      client,
      store,
      towerId: tower.id,
      runId: run.id,
      note: notes.add,
      onDeleted: audit,
    }).catch(error =>
      notes.add(
        `could not re-check earlier unanswered deletes (next run tries again): ${(error as Error).message}`,
      ),
    );
    result = await runSweep(
      {
        runId: run.id,
        towerId: tower.id,
        runStart: startedAt,
        policy: runPolicy(tower, keys, startedAt, towerStart),
        dryRun,
        maxDeletes: tower.maxDeletesPerRun,
        pageSize: ctx.pageSize,
        settleMs: ctx.settleMs,
        batchesInFlight: ctx.batchesInFlight,
        signal,
      },
      {
        client,
        store,
        onDeleted: deleted => audit(run.id, deleted),
        onNote: notes.add,
        onProgress: () =>
          hooks.onProgress?.({
            runId: run.id,
            towerId: tower.id,
            status: 'running',
          }),
      },
    );
  } catch (error) {
    // Reading Tower's clock (its login), its relations or the store threw; record what we can.
    result = failedBeforeSweep(error, run.counts, signal.aborted);
  } finally {
    clearInterval(heartbeat);
    await client.close().catch(() => undefined);
  }
  const cancelled = cancelledByScheduler(result, signal, ctx.shuttingDown());
  if (cancelled) notes.add(CANCELLED_NOTE);
  const summary = await finishRun(ctx, run, result, notes);
  if (cancelled) hooks.onCancelled?.(summary);
  return summary;
}

/** Step 16: the end of the run recorded, measured, logged, pruned and told. */
async function finishRun(
  ctx: SweepOnceContext,
  run: RunSummary,
  result: SweepResult,
  notes: RunNotes,
): Promise<RunSummary> {
  const { tower, store, logger, hooks } = ctx;
  const summary = await withRetry(() =>
    store.finishRun(run.id, {
      status: result.status,
      counts: result.counts,
      error: result.error,
      finishedAt: ctx.now(),
      notes: notes.list(),
    }),
  );
  hooks.onProgress?.({
    runId: run.id,
    towerId: summary.towerId,
    status: summary.status,
  });
  ctx.metrics?.recordRun(summary, result.keptByReason);
  logRunEnd(logger, summary, result);
  await store
    .pruneRuns(tower.id, ctx.retention)
    .catch(error =>
      logger.warn(`Tower ${tower.id}: could not prune old runs: ${error}`),
    );
  await hooks
    .onRunCompleted?.(summary, result.keptByReason)
    .catch(error =>
      logger.warn(`Tower ${tower.id}: after-run work failed: ${error}`),
    );
  return summary;
}
