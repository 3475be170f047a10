import type { LoggerService } from '@backstage/backend-plugin-api';
import type { MetricsService } from '@backstage/backend-plugin-api/alpha';
import { stringifyError } from '@backstage/errors';
import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import { towerErrorKind, type TowerError } from '../cloudtower/errors';
import type { KeptCounts } from '../notifications/runHealth';
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

const COUNTERS = {
  runs: 'Sweep runs that ended, by Tower, status and trigger',
  'labels.deleted': 'Labels deleted from Tower, by Tower',
  'labels.kept': 'Candidate labels a run kept, by Tower and reason',
  'labels.failed': 'Labels whose delete failed, by Tower',
  'tower.request.errors':
    'Requests to Tower that failed, by Tower, kind and operation',
  'labels.held_deleted':
    'Labels a run deleted that an object without a relation on Label named at its end, by Tower and holder kind',
};

type Counters = Record<
  keyof typeof COUNTERS,
  ReturnType<MetricsService['createCounter']>
>;

export class SweepMetrics {
  private readonly counters: Counters;
  private readonly duration;

  constructor(options: SweepMetricsOptions) {
    const { metrics } = options;
    this.counters = Object.fromEntries(
      Object.entries(COUNTERS).map(([name, description]) => [
        name,
        metrics.createCounter(`cape_labels.${name}`, { description }),
      ]),
    ) as Counters;
    this.duration = metrics.createHistogram('cape_labels.run.duration', {
      description: 'How long runs took, by Tower, status and trigger',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
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

  recordRun(run: RunSummary, keptByReason: KeptCounts) {
    const tower = run.towerId;
    const ended = {
      tower,
      status: run.status,
      trigger: run.trigger,
      dry_run: run.dryRun,
    };
    this.counters.runs.add(1, ended);
    this.counters['labels.deleted'].add(run.counts.deleted, { tower });
    this.counters['labels.failed'].add(run.counts.failed, { tower });
    for (const [reason, count] of keptByReason)
      this.counters['labels.kept'].add(count, { tower, reason });
    if (run.durationMs !== null)
      this.duration.record(run.durationMs / 1000, ended);
  }

  recordHeldDeletions(towerId: string, deletions: readonly HeldDeletion[]) {
    for (const d of deletions)
      this.counters['labels.held_deleted'].add(1, {
        tower: towerId,
        holder: d.holder.kind,
      });
  }

  /** A request to the Tower failed (reported by the Tower session, where every request fails). */
  recordRequestError(towerId: string, error: TowerError) {
    const kind = towerErrorKind(error);
    if (kind)
      this.counters['tower.request.errors'].add(1, {
        tower: towerId,
        kind,
        operation: error.operation,
      });
  }
}
