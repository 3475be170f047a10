import { metrics } from '@opentelemetry/api';
import type {
  KeptReason,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';

const meter = metrics.getMeter('cape-labels');

const labelsDeleted = meter.createCounter('cape_labels.labels.deleted', {
  description: 'Labels deleted from Tower by sweeps',
});
const labelsKept = meter.createCounter('cape_labels.labels.kept', {
  description: 'Labels a sweep kept, by reason',
});
const runDuration = meter.createHistogram('cape_labels.run.duration', {
  description: 'Duration of sweeps',
  unit: 'ms',
});
const towerErrors = meter.createCounter('cape_labels.tower.errors', {
  description: 'Sweeps or batches that failed on a Tower error',
});

/** Records a finished run's figures (per-reason counts come from its outcomes). */
export function recordRunMetrics(
  run: RunSummary,
  keptByReason: Map<KeptReason, number>,
): void {
  const attributes = {
    tower: run.towerId,
    status: run.status,
    dry_run: run.dryRun,
  };
  labelsDeleted.add(run.counts.deleted, { tower: run.towerId });
  for (const [reason, count] of keptByReason)
    labelsKept.add(count, { tower: run.towerId, reason });
  if (run.durationMs !== null) runDuration.record(run.durationMs, attributes);
  if (run.error && run.status !== 'partial')
    towerErrors.add(1, {
      tower: run.towerId,
      code: run.error.code ?? 'UNKNOWN',
    });
}
