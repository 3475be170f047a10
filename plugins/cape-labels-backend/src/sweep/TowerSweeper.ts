import type { LoggerService } from '@backstage/backend-plugin-api';
import type {
  KeptReason,
  LabelOutcome,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { DateTime } from 'luxon';
import { isTowerError } from '../cloudtower/errors';
import type { TowerClient } from '../cloudtower/types';
import { sweptKeys, type TowerConfig } from '../config/types';
import {
  HEARTBEAT_INTERVAL_MS,
  type Retention,
  type RunStore,
} from '../database';
import { recordRunMetrics } from './metrics';
import { withRetry } from './retry';
import { towerRunStart } from './runClock';
import { recheckPendingDeletes } from './recheck';
import { runSweep } from './runSweep';
import { planTick, type SweepWork } from './planTick';
import { isDue, sweepSchedule, type SweepSchedule } from './schedule';
import { SerialQueue } from './SerialQueue';

export type { SweepWork };

export type TowerSweeperOptions = {
  tower: TowerConfig;
  store: RunStore;
  /** A client per run: a fresh login each time, closed afterwards. */
  createClient: (tower: TowerConfig) => TowerClient;
  logger: LoggerService;
  instance: string;
  pageSize: number;
  batchesInFlight: number;
  /** What is kept of the Tower's history after each run. */
  retention: Retention;
  /** After every run, with how many labels were kept for each reason. */
  onRunCompleted?: (
    run: RunSummary,
    kept: ReadonlyMap<KeptReason, number>,
  ) => Promise<void>;
  onDeleted?: (
    tower: TowerConfig,
    runId: string,
    deleted: LabelOutcome[],
  ) => void;
  now?: () => Date;
  /** When this process registered the Tower's task (default: when the sweeper was made). */
  registeredAt?: Date;
  /** How long Tower may take to commit a delete whose answer was lost (default 30 s: the request timeout). */
  settleMs?: number;
};

/** Notes kept on one run; beyond that they are counted. */
const MAX_NOTES = 20;

/**
 * The only code that sweeps one Tower in this process. The scheduler's lease makes a tick
 * exclusive across replicas; the queue keeps this process's work on the Tower one at a time.
 */
export class TowerSweeper {
  private readonly queue = new SerialQueue();
  private readonly stopping = new AbortController();
  readonly schedule: SweepSchedule;
  readonly registeredAt: Date;

  constructor(private readonly options: TowerSweeperOptions) {
    this.schedule = sweepSchedule(options.tower.schedule);
    this.registeredAt = options.registeredAt ?? this.now();
  }

  /**
   * Backend shutdown: stops the sweep in progress before its next batch, so the run is
   * recorded `aborted` and the Tower session closed, instead of being left to the lease timeout.
   */
  async shutdown(): Promise<void> {
    this.stopping.abort();
    await this.queue.idle();
  }

  /**
   * The scheduled task body: records lost runs aborted, runs what `planTick` says (the
   * scheduled sweep when due, the pending request, or a preview), then drains the requests.
   */
  runTask(taskSignal: AbortSignal): Promise<void> {
    const signal = AbortSignal.any([taskSignal, this.stopping.signal]);
    return this.queue.run(async () => {
      if (signal.aborted) return;
      const { store, tower, logger } = this.options;
      const requests = await this.abortLostRuns();
      const anchor = await store.lastScheduledStart(tower.id);
      const due = isDue(this.schedule, anchor, this.registeredAt, this.now());
      const pending = await store.takeRequest(tower.id);
      if (pending) requests.push(pending);
      for (const work of planTick({ due, requests })) {
        if (work.trigger === 'external') {
          logger.warn(
            `Tower ${tower.id}: task started while no sweep was due and no request was pending (the scheduler's trigger endpoint?): preview only`,
          );
        }
        await this.sweep(work, signal);
      }
      while (!signal.aborted) {
        const request = await store.takeRequest(tower.id);
        if (!request) break;
        await this.sweep(request, signal);
      }
    });
  }

  /**
   * Records runs of a lost replica aborted; returns the permitted requests among them, to be
   * done again (a lost scheduled sweep is owed anyway: it did not end).
   */
  private async abortLostRuns(): Promise<SweepWork[]> {
    const { store, tower, logger } = this.options;
    const lost = await store.abortLostRuns(tower.id, this.now());
    if (lost.length > 0) {
      logger.warn(
        `Tower ${tower.id}: marked ${lost.length} run(s) of a lost replica as aborted`,
      );
    }
    return lost
      .filter(run => run.trigger === 'manual' || run.trigger === 'event')
      .slice(-1)
      .map(({ trigger, requestedBy, dryRun }) => ({
        trigger,
        dryRun,
        ...(requestedBy ? { requestedBy } : {}),
      }));
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private async sweep(
    work: SweepWork,
    signal: AbortSignal,
  ): Promise<RunSummary> {
    const { tower, store, logger } = this.options;
    const startedAt = this.now();
    const dryRun = tower.dryRun || work.dryRun;
    const keys = sweptKeys(tower.resourcePrefix);
    const run = await store.createRun({
      towerId: tower.id,
      trigger: work.trigger,
      requestedBy: work.requestedBy,
      dryRun,
      instance: this.options.instance,
      startedAt,
      settings: {
        minAge: tower.minAge.toISO() ?? 'PT0S',
        confirmAfter: tower.confirmAfter.toISO() ?? 'PT0S',
        maxDeletesPerRun: tower.maxDeletesPerRun,
        keys,
      },
    });
    logger.info(
      `Tower ${tower.id}: sweep ${run.id} started (${work.trigger}${dryRun ? ', dry run' : ''})`,
    );

    const start = DateTime.fromJSDate(startedAt).toUTC();
    const confirmMs = tower.confirmAfter.as('milliseconds');
    const client = this.options.createClient(tower);
    // Independent of Tower's pace: a page may take a whole request timeout.
    const heartbeat = setInterval(() => {
      store.heartbeat(run.id, this.now()).catch(() => undefined);
    }, HEARTBEAT_INTERVAL_MS);
    const notes: string[] = [];
    let dropped = 0;
    const note = (text: string) => {
      logger.warn(`Tower ${tower.id}: run ${run.id}: ${text}`);
      if (notes.length < MAX_NOTES) notes.push(text);
      else dropped++;
    };
    const audit = (runId: string, deleted: LabelOutcome[]) =>
      this.options.onDeleted?.(tower, runId, deleted);
    let result;
    try {
      const towerStart = await towerRunStart(
        { towerId: tower.id, client, store, logger, now: () => this.now() },
        run.id,
        startedAt,
        signal,
      );
      await recheckPendingDeletes({
        client,
        store,
        towerId: tower.id,
        runId: run.id,
        note,
        onDeleted: audit,
      }).catch(error =>
        note(
          `could not re-check earlier unanswered deletes (next run tries again): ${(error as Error).message}`,
        ),
      );
      result = await runSweep(
        {
          runId: run.id,
          towerId: tower.id,
          runStart: startedAt,
          policy: {
            keys: new Set(keys),
            // Tower stamps createdAt: its clock, not ours, says how old a label is.
            cutoffMs: towerStart.minus(tower.minAge).toMillis(),
            confirmCutoffMs:
              confirmMs > 0
                ? start.minus(tower.confirmAfter).toMillis()
                : undefined,
          },
          dryRun,
          maxDeletes: tower.maxDeletesPerRun,
          pageSize: this.options.pageSize,
          settleMs: this.options.settleMs ?? 30_000,
          batchesInFlight: this.options.batchesInFlight,
          signal,
        },
        {
          client,
          store,
          onDeleted: deleted => audit(run.id, deleted),
          onNote: note,
        },
      );
    } catch (error) {
      // Reading Tower's clock (its login) or the store threw; record what we can.
      result = {
        status: signal.aborted ? ('aborted' as const) : ('failed' as const),
        counts: run.counts,
        keptByReason: new Map(),
        error: isTowerError(error)
          ? { message: error.message, code: error.code }
          : {
              message: `sweep failed: ${(error as Error).message}`,
              code: 'INTERNAL',
            },
      };
    } finally {
      clearInterval(heartbeat);
      await client.close().catch(() => undefined);
    }

    const finishedAt = this.now();
    const summary = await withRetry(() =>
      store.finishRun(run.id, {
        status: result.status,
        counts: result.counts,
        error: result.error,
        finishedAt,
        notes: dropped
          ? [...notes, `${dropped} more note(s) in the log`]
          : notes,
      }),
    );
    recordRunMetrics(summary, result.keptByReason);
    const c = summary.counts;
    const reasons = [...result.keptByReason]
      .map(([r, n]) => `${r} ${n}`)
      .join(', ');
    const line = `Tower ${tower.id}: sweep ${run.id} ${summary.status} in ${summary.durationMs} ms: scanned ${c.scanned}, candidates ${c.candidates}, deleted ${c.deleted}, kept ${c.kept}${reasons ? ` (${reasons})` : ''}, failed ${c.failed}`;
    if (summary.status === 'succeeded') logger.info(line);
    else
      logger.warn(
        `${line}${summary.error ? ` (${summary.error.message})` : ''}`,
      );

    await store
      .pruneRuns(tower.id, this.options.retention)
      .catch(error =>
        logger.warn(`Tower ${tower.id}: could not prune old runs: ${error}`),
      );
    await this.options
      .onRunCompleted?.(summary, result.keptByReason)
      .catch(error =>
        logger.warn(`Tower ${tower.id}: after-run work failed: ${error}`),
      );
    return summary;
  }
}
