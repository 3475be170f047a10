import type {
  AuditorService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import type { EventsService } from '@backstage/plugin-events-node';
import {
  CAPE_LABELS_TOPIC_RUN_COMPLETED,
  type LabelOutcome,
} from '@smartx-cape/plugin-cape-labels-common';
import { createTowerClient } from '../cloudtower';
import { towerConnectionOptions } from '../config/towerConnection';
import type { CapeLabelsConfig, TowerConfig } from '../config/types';
import type { RunStore } from '../database';
import type { RunNotifier } from '../notifications/RunNotifier';
import { signallingStore, type RunProgressSignals } from '../signals';
import { TowerSweeper } from './TowerSweeper';

/** Every deletion batch becomes one auditor event with the label ids, keys and values. */
function auditDeletions(auditor: AuditorService, logger: LoggerService) {
  return (tower: TowerConfig, runId: string, deleted: LabelOutcome[]) => {
    const labels = deleted.map(d => ({
      id: d.labelId,
      key: d.key,
      value: d.value,
    }));
    auditor
      .createEvent({
        eventId: 'labels-deleted',
        severityLevel: 'medium',
        meta: { towerId: tower.id, runId, labels },
      })
      .then(event => event.success())
      .catch(error =>
        logger.warn(
          `Tower ${tower.id}: could not write the audit event: ${error}`,
        ),
      );
  };
}

/** How long shutdown waits for sweeps to record themselves `aborted`. */
const SHUTDOWN_GRACE_MS = 15_000;

/** Stops every sweep before its next batch and waits (bounded) until each is recorded. */
export async function stopSweepers(
  sweepers: Iterable<TowerSweeper>,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>(resolve => {
    timer = setTimeout(resolve, SHUTDOWN_GRACE_MS);
  });
  await Promise.race([
    Promise.allSettled([...sweepers].map(s => s.shutdown())),
    grace,
  ]);
  clearTimeout(timer);
}

/** One sweeper per configured Tower, wired to the Tower client, the store, events and audit. */
export function createSweepers(options: {
  config: CapeLabelsConfig;
  store: RunStore;
  logger: LoggerService;
  auditor: AuditorService;
  events: EventsService;
  /** Absent when notifications are turned off. */
  notifier?: RunNotifier;
  /** Live progress for the card; absent, runs are only polled. */
  progress?: RunProgressSignals;
  instance: string;
}): Map<string, TowerSweeper> {
  const { config, store, logger, events, notifier, progress, instance } =
    options;
  const onDeleted = auditDeletions(options.auditor, logger);
  const tuning = {
    requestTimeoutMs: config.requestTimeout.as('milliseconds'),
    maxInFlight: config.requestsInFlight,
  };
  return new Map(
    config.towers.map(tower => [
      tower.id,
      new TowerSweeper({
        tower,
        settleMs: config.requestTimeout.as('milliseconds'),
        store: progress ? signallingStore(store, tower.id, progress) : store,
        logger,
        instance,
        pageSize: config.pageSize,
        batchesInFlight: config.requestsInFlight,
        retention: {
          runs: config.runsPerTower,
          routineRuns: config.routineKeepRuns,
        },
        createClient: t =>
          createTowerClient(towerConnectionOptions(t, tuning), { logger }),
        onRunCompleted: async (run, kept) => {
          await Promise.all([
            events
              .publish({
                topic: CAPE_LABELS_TOPIC_RUN_COMPLETED,
                eventPayload: run,
              })
              .catch(error =>
                logger.warn(
                  `Tower ${tower.id}: could not publish run-completed: ${error}`,
                ),
              ),
            notifier
              ?.onRunCompleted(tower, run, kept)
              .catch(error =>
                logger.warn(`Tower ${tower.id}: could not notify: ${error}`),
              ),
          ]);
        },
        onDeleted,
      }),
    ]),
  );
}
