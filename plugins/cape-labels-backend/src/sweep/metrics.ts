import type { LoggerService } from '@backstage/backend-plugin-api';
import type { MetricsService } from '@backstage/backend-plugin-api/alpha';
import { stringifyError } from '@backstage/errors';
import type {
  KeptReason,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { towerErrorKind, type TowerError } from '../cloudtower/errors';
import type { HeldDeletion } from './decide';

// Attributes are the Tower id and fixed sets only, never a label's key or value nor an error's
// words, so the series stay few whatever Tower answers.

/** Buckets for a run's duration in seconds: a small Tower takes a second, a large one minutes. */
const DURATION_BUCKETS = [0.5, 1, 5, 15, 60, 300, 900, 1800, 3600];

type SweepMetricsOptions = {
  metrics: MetricsService;
  /** Each Tower's newest succeeded run, in epoch ms (the store's `lastSucceeded`). */
  lastSucceeded: () => Promise<ReadonlyMap<string, number>>;
  logger: LoggerService;
};

export class SweepMetrics {
  private readonly runs;
  private readonly deleted;
  private readonly kept;
  private readonly failed;
  private readonly duration;
  private readonly requestErrors;
  private readonly heldDeleted;

  constructor(options: SweepMetricsOptions) {
    const { metrics } = options;
    this.runs = metrics.createCounter('cape_labels.runs', {
      description: 'Sweep runs that ended, by Tower, status and trigger',
    });
    this.deleted = metrics.createCounter('cape_labels.labels.deleted', {
      description: 'Labels deleted from Tower, by Tower',
    });
    this.kept = metrics.createCounter('cape_labels.labels.kept', {
      description: 'Candidate labels a run kept, by Tower and reason',
    });
    this.failed = metrics.createCounter('cape_labels.labels.failed', {
      description: 'Labels whose delete failed, by Tower',
    });
    this.duration = metrics.createHistogram('cape_labels.run.duration', {
      description: 'How long runs took, by Tower, status and trigger',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
    this.requestErrors = metrics.createCounter(
      'cape_labels.tower.request.errors',
      {
        description:
          'Requests to Tower that failed, by Tower, kind and operation',
      },
    );
    this.heldDeleted = metrics.createCounter(
      'cape_labels.labels.held_deleted',
      {
        description:
          'Labels a run deleted that an object without a relation on Label named at its end, by Tower and holder kind',
      },
    );
    metrics
      .createObservableGauge('cape_labels.run.last_success', {
        description:
          "When each Tower's newest succeeded run finished (Unix time)",
        unit: 's',
      })
      .addCallback(async result => {
        try {
          for (const [tower, at] of await options.lastSucceeded())
            result.observe(at / 1000, { tower });
        } catch (error) {
          options.logger.warn(
            `Could not read the last succeeded runs for the metrics: ${stringifyError(error)}`,
          );
        }
      });
  }

  /** A finished run's figures (per-reason counts come from its outcomes). */
  recordRun(run: RunSummary, keptByReason: ReadonlyMap<KeptReason, number>) {
    const tower = run.towerId;
    const ended = {
      tower,
      status: run.status,
      trigger: run.trigger,
      dry_run: run.dryRun,
    };
    this.runs.add(1, ended);
    this.deleted.add(run.counts.deleted, { tower });
    this.failed.add(run.counts.failed, { tower });
    for (const [reason, count] of keptByReason)
      this.kept.add(count, { tower, reason });
    if (run.durationMs !== null)
      this.duration.record(run.durationMs / 1000, ended);
  }

  /** Labels a run deleted that a holder named when it ended (never their keys or values). */
  recordHeldDeletions(towerId: string, deletions: readonly HeldDeletion[]) {
    for (const d of deletions)
      this.heldDeleted.add(1, { tower: towerId, holder: d.holder.kind });
  }

  /** A request to the Tower failed (reported by the Tower session, where every request fails). */
  recordRequestError(towerId: string, error: TowerError) {
    const kind = towerErrorKind(error);
    if (kind)
      this.requestErrors.add(1, {
        tower: towerId,
        kind,
        operation: error.operation,
      });
  }
}
