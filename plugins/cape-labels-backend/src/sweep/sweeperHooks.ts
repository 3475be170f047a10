import type {
  AuditorService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import type { EventsService } from '@backstage/plugin-events-node';
import { stringifyError } from '@backstage/errors';
import type { JsonObject } from '@backstage/types';
import {
  CAPE_LABELS_TOPIC_RUN_COMPLETED,
  type KeptReason,
  type LabelOutcome,
  type RunStatus,
  type RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerConfig } from '../config/types';
import { plainValue } from '../lib/plainText';
import type { RunNotifier } from '../notifications/RunNotifier';
import type { HeldDeletion } from './decide';

export type RunProgress = { runId: string; towerId: string; status: RunStatus };

/** What a sweeper tells the rest of the plugin. Each is optional; none may stop a sweep. */
export type SweeperHooks = {
  /** After every run, with how many labels were kept for each reason. */
  onRunCompleted?: (
    run: RunSummary,
    kept: ReadonlyMap<KeptReason, number>,
  ) => Promise<void>;
  /** Every batch of labels deleted (the audit trail), under the run that deleted them. */
  onDeleted?: (runId: string, deleted: LabelOutcome[]) => void;
  /** A run started, wrote its progress, or ended (the card's live signal). */
  onProgress?: (progress: RunProgress) => void;
  /**
   * A run the scheduler stopped while this backend kept running: `stoppedBy` who asked through
   * `POST /towers/:towerId/stop`; absent for `/cancel`, a timeout or a lost lease.
   */
  onCancelled?: (run: RunSummary, stoppedBy?: string) => void;
  /** A run deleted labels that a holder named when it ended (SweepRun's check after its deletes). */
  onHeldLabelsDeleted?: (
    run: RunSummary,
    deletions: readonly HeldDeletion[],
  ) => Promise<void>;
};

type PluginHookServices = {
  auditor: AuditorService;
  events: EventsService;
  logger: LoggerService;
  /** Absent when notifications are turned off. */
  notifier?: RunNotifier;
  /** Live progress for the card; absent, runs are only polled. */
  onProgress?: SweeperHooks['onProgress'];
};

function recordAuditEvent(
  tower: TowerConfig,
  { auditor, logger }: PluginHookServices,
  eventId: string,
  meta: JsonObject,
): void {
  auditor
    .createEvent({
      eventId,
      severityLevel: 'medium',
      meta: { towerId: tower.id, ...meta },
    })
    .then(event => event.success())
    .catch(error =>
      logger.warn(
        `Tower ${tower.id}: could not write the audit event: ${stringifyError(error)}`,
      ),
    );
}

function auditDeletions(tower: TowerConfig, services: PluginHookServices) {
  return (runId: string, deleted: LabelOutcome[]) => {
    const labels = deleted.map(d => ({
      id: d.labelId,
      key: d.key,
      value: plainValue(d.value),
    }));
    recordAuditEvent(tower, services, 'labels-deleted', { runId, labels });
  };
}

/** The scheduler's endpoint does not say who called it; a stop through our route says who. */
function auditCancel(tower: TowerConfig, services: PluginHookServices) {
  return (run: RunSummary, stoppedBy?: string) =>
    recordAuditEvent(tower, services, 'sweep-cancelled', {
      runId: run.id,
      trigger: run.trigger,
      dryRun: run.dryRun,
      counts: run.counts,
      ...(stoppedBy ? { stoppedBy } : {}),
    });
}

function announceRun(
  tower: TowerConfig,
  { events, notifier, logger }: PluginHookServices,
) {
  return async (run: RunSummary, kept: ReadonlyMap<KeptReason, number>) => {
    await Promise.all([
      events
        .publish({ topic: CAPE_LABELS_TOPIC_RUN_COMPLETED, eventPayload: run })
        .catch(error =>
          logger.warn(
            `Tower ${tower.id}: could not publish run-completed: ${stringifyError(error)}`,
          ),
        ),
      notifier
        ?.onRunCompleted(tower, run, kept)
        .catch(error =>
          logger.warn(
            `Tower ${tower.id}: could not notify: ${stringifyError(error)}`,
          ),
        ),
    ]);
  };
}

function reportHeldDeletions(tower: TowerConfig, services: PluginHookServices) {
  return async (run: RunSummary, deletions: readonly HeldDeletion[]) => {
    recordAuditEvent(tower, services, 'held-labels-deleted', {
      runId: run.id,
      labels: deletions.map(d => ({
        id: d.labelId,
        key: d.key,
        value: plainValue(d.value),
        holder: { ...d.holder },
      })),
    });
    await services.notifier?.onHeldLabelsDeleted(tower, run, deletions);
  };
}

export function pluginHooks(
  services: PluginHookServices,
): (tower: TowerConfig) => SweeperHooks {
  return tower => ({
    onDeleted: auditDeletions(tower, services),
    onCancelled: auditCancel(tower, services),
    onRunCompleted: announceRun(tower, services),
    onHeldLabelsDeleted: reportHeldDeletions(tower, services),
    onProgress: services.onProgress,
  });
}
