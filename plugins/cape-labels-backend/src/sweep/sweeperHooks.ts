import type {
  AuditorService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import type { EventsService } from '@backstage/plugin-events-node';
import { stringifyError } from '@backstage/errors';
import type { JsonObject } from '@backstage/types';
import {
  CAPE_LABELS_TOPIC_RUN_COMPLETED,
  type LabelOutcome,
  type RunStatus,
  type RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerConfig } from '../config/types';
import { plainValue } from '../lib/plainText';
import type { RunNotifier } from '../notifications/RunNotifier';
import type { KeptCounts } from '../notifications/runHealth';
import type { HeldDeletion } from './decide';

export type RunProgress = { runId: string; towerId: string; status: RunStatus };

/** What a sweeper tells the rest of the plugin. Each is optional; none may stop a sweep. */
export type SweeperHooks = {
  /** After every run, with how many labels were kept for each reason. */
  onRunCompleted?: (run: RunSummary, kept: KeptCounts) => Promise<void>;
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

type PluginHookServices = Pick<SweeperHooks, 'onProgress'> & {
  auditor: AuditorService;
  events: EventsService;
  logger: LoggerService;
  notifier?: RunNotifier;
};

function auditedLabel(label: Pick<LabelOutcome, 'labelId' | 'key' | 'value'>) {
  return { id: label.labelId, key: label.key, value: plainValue(label.value) };
}

export function pluginHooks(
  services: PluginHookServices,
): (tower: TowerConfig) => SweeperHooks {
  const { auditor, events, notifier, logger } = services;
  return tower => {
    const warn = (failed: string) => (error: unknown) =>
      logger.warn(`Tower ${tower.id}: ${failed}: ${stringifyError(error)}`);
    const audit = (eventId: string, meta: JsonObject) => {
      auditor
        .createEvent({
          eventId,
          severityLevel: 'medium',
          meta: { towerId: tower.id, ...meta },
        })
        .then(event => event.success())
        .catch(warn('could not write the audit event'));
    };
    return {
      onDeleted: (runId, deleted) =>
        audit('labels-deleted', {
          runId,
          labels: deleted.map(auditedLabel),
        }),
      // The scheduler's endpoint does not say who called it; a stop through our route says who.
      onCancelled: (run, stoppedBy) =>
        audit('sweep-cancelled', {
          runId: run.id,
          trigger: run.trigger,
          dryRun: run.dryRun,
          counts: run.counts,
          ...(stoppedBy ? { stoppedBy } : {}),
        }),
      onRunCompleted: async (run, kept) => {
        await Promise.all([
          events
            .publish({
              topic: CAPE_LABELS_TOPIC_RUN_COMPLETED,
              eventPayload: run,
            })
            .catch(warn('could not publish run-completed')),
          notifier
            ?.onRunCompleted(tower, run, kept)
            .catch(warn('could not notify')),
        ]);
      },
      onHeldLabelsDeleted: async (run, deletions) => {
        audit('held-labels-deleted', {
          runId: run.id,
          labels: deletions.map(d => ({
            ...auditedLabel(d),
            holder: { ...d.holder },
          })),
        });
        await notifier?.onHeldLabelsDeleted(tower, run, deletions);
      },
      onProgress: services.onProgress,
    };
  };
}
