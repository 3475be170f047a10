import type { LoggerService } from '@backstage/backend-plugin-api';
import { stringifyError, toError } from '@backstage/errors';
import type {
  RunNote,
  RunRelations,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { LabelRelations } from '../cloudtower/TowerClient';
import { DateTime } from 'luxon';
import { sweptKeys, type TowerConfig } from '../config/types';
import { HEARTBEAT_INTERVAL_MS } from '../database/liveness';
import type { SweepPolicy } from './decide';
import type { PlannedRun } from './tick';
import { recheckPendingDeletes } from './recheck';
import { withRetry } from './retry';
import type { RunContext, SweeperSettings } from './runContext';
import { RunNotes, runNotes } from './runNotes';
import { towerRunStart } from './runClock';
import { runSweep } from './runSweep';
import {
  cancelledByScheduler,
  failedBeforeSweep,
  newRunState,
  type SweepResult,
} from './sweepResult';

/**
 * One run of one Tower, top to bottom: the run record and its context, Tower's clock (rule 2),
 * the relations (rule 4), the re-check of earlier unanswered deletes, the policy, the sweep
 * (`runSweep`), then the end of the run and what follows it.
 */
export async function sweepOnce(
  settings: SweeperSettings,
  planned: PlannedRun,
  signal: AbortSignal,
): Promise<RunSummary> {
  const {
    run,
    summary: started,
    keys,
  } = await startRun(settings, planned, signal);
  const { store } = run;
  // Independent of Tower's pace: a page may take a whole request timeout.
  const heartbeat = setInterval(() => {
    store.heartbeat(run.runId, run.now()).catch(() => undefined);
  }, HEARTBEAT_INTERVAL_MS);
  let result: SweepResult;
  try {
    const towerStart = await towerRunStart(run);
    // Rule 4: every relation that can reference a label, or no sweep (the run fails).
    const relations = await run.client.readLabelRelations(signal);
    await withRetry(() =>
      store.setRunRelations(run.runId, runRelations(relations)),
    );
    relationNotes(relations).forEach(note => run.notes.add(note));
    await recheckPendingDeletes(run).catch(error =>
      run.notes.add(runNotes.recheckFailed({ error: toError(error).message })),
    );
    result = await runSweep(
      run,
      runPolicy(run.tower, keys, run.startedAt, towerStart),
    );
  } catch (error) {
    // Reading Tower's clock (its login), its relations or the store threw; record what we can.
    result = failedBeforeSweep(error, started.counts, signal.aborted);
  } finally {
    clearInterval(heartbeat);
    await run.client.close().catch(() => undefined);
  }
  const cancelled = cancelledByScheduler(result, signal, run.shuttingDown());
  const stoppedBy = cancelled
    ? await store.stoppedBy(run.runId).catch(() => undefined)
    : undefined;
  if (cancelled) {
    run.notes.add(
      stoppedBy
        ? runNotes.stopped({ by: stoppedBy })
        : runNotes.cancelledByScheduler(),
    );
  }
  const summary = await finishRun(run, result);
  if (cancelled) run.hooks.onCancelled?.(summary, stoppedBy);
  return summary;
}

/** The run record, with the settings it runs by, and the run's context with its own client. */
async function startRun(
  settings: SweeperSettings,
  planned: PlannedRun,
  signal: AbortSignal,
): Promise<{ run: RunContext; summary: RunSummary; keys: string[] }> {
  const { tower, store, logger } = settings;
  const startedAt = settings.now();
  const dryRun = tower.dryRun || planned.dryRun;
  const keys = sweptKeys(tower.resourcePrefix);
  const summary = await store.createRun({
    towerId: tower.id,
    trigger: planned.trigger,
    requestedBy: planned.requestedBy,
    dryRun,
    instance: settings.instance,
    instanceId: settings.instanceId,
    startedAt,
    settings: {
      minAge: tower.minAge.toISO() ?? 'PT0S',
      confirmAfter: tower.confirmAfter.toISO() ?? 'PT0S',
      maxDeletesPerRun: tower.maxDeletesPerRun,
      keys,
    },
  });
  settings.hooks.onProgress?.({
    runId: summary.id,
    towerId: summary.towerId,
    status: summary.status,
  });
  logger.info(
    `Tower ${tower.id}: sweep ${summary.id} started (${planned.trigger}${dryRun ? ', dry run' : ''})`,
  );
  const run: RunContext = {
    ...settings,
    runId: summary.id,
    startedAt,
    dryRun,
    client: settings.createClient(),
    notes: new RunNotes(logger, `Tower ${tower.id}: run ${summary.id}`),
    state: newRunState(),
    signal,
  };
  return { run, summary, keys };
}

/** The relations as the run records them. */
function runRelations(relations: LabelRelations): RunRelations {
  return {
    source: relations.source,
    checked: relations.fields,
    foundBy: relations.foundBy,
    readDirectly: relations.unfiltered.map(f => f.name),
    lackingBuiltIn: relations.lackingBuiltIn,
    beyondBuiltIn: relations.beyondBuiltIn,
  };
}

/** What people should know about this Tower's relations: how they differ from the built-in list. */
function relationNotes(relations: LabelRelations): RunNote[] {
  const list = (names: readonly string[]) => names.join(', ');
  const unclear = relations.fields.filter(
    r => relations.foundBy[r] === 'unclear',
  );
  const notes = [
    [runNotes.relationsLackingBuiltIn, relations.lackingBuiltIn],
    [runNotes.relationsBeyondBuiltIn, relations.beyondBuiltIn],
    [runNotes.relationsReadDirectly, relations.unfiltered.map(f => f.name)],
    [runNotes.relationsUnclear, unclear],
  ] as const;
  return notes
    .filter(([, names]) => names.length > 0)
    .map(([note, names]) => note({ relations: list(names) }));
}

/** What the run decides by, fixed at its start (rules 1, 2 and 6). */
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

/** The end of the run recorded, measured, logged, pruned and told. */
async function finishRun(
  run: RunContext,
  result: SweepResult,
): Promise<RunSummary> {
  const { tower, store, logger, hooks } = run;
  const summary = await withRetry(() =>
    store.finishRun(run.runId, {
      status: result.status,
      counts: result.counts,
      error: result.error,
      finishedAt: run.now(),
      notes: run.notes.list(),
    }),
  );
  hooks.onProgress?.({
    runId: run.runId,
    towerId: summary.towerId,
    status: summary.status,
  });
  run.metrics?.recordRun(summary, result.keptByReason);
  logRunEnd(logger, summary, result);
  await store
    .pruneRuns(tower.id, run.retention)
    .catch(error =>
      logger.warn(
        `Tower ${tower.id}: could not prune old runs: ${stringifyError(error)}`,
      ),
    );
  await hooks
    .onRunCompleted?.(summary, result.keptByReason)
    .catch(error =>
      logger.warn(
        `Tower ${tower.id}: after-run work failed: ${stringifyError(error)}`,
      ),
    );
  return summary;
}

/** The end of the run's log line: the counts, and why a run that did not succeed ended so. */
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
