import type { LoggerService } from '@backstage/backend-plugin-api';
import type { EventsService } from '@backstage/plugin-events-node';
import { CAPE_LABELS_TOPIC_SWEEP_REQUESTED } from '@smartx-cape/plugin-cape-labels-common';
import type { SweepCoordinator } from '../sweep/SweepCoordinator';
import { parseSweepRequestedEvent } from './validation';

type Requests = Pick<SweepCoordinator, 'requestSweep'>;

/** `cape-labels.sweep-requested`: `{towerId, dryRun?}`. Bad or refused requests are logged, not thrown. */
async function handleSweepRequestedEvent(
  payload: unknown,
  coordinator: Requests,
  logger: LoggerService,
): Promise<void> {
  const event = parseSweepRequestedEvent(payload);
  if (!event) {
    logger.warn(
      'Ignored a cape-labels.sweep-requested event: expected {"towerId": a Tower id, "dryRun"?: boolean}',
    );
    return;
  }
  try {
    await coordinator.requestSweep({
      towerId: event.towerId,
      dryRun: event.dryRun ?? false,
      trigger: 'event',
    });
  } catch (error) {
    logger.warn(
      `Ignored a cape-labels.sweep-requested event for Tower '${event.towerId}': ${(error as Error).message}`,
    );
  }
}

/** The inbound event adapter, beside the router: sweep requests from the events bus. */
export function subscribeSweepRequests(options: {
  events: EventsService;
  coordinator: Requests;
  logger: LoggerService;
}): Promise<void> {
  const { events, coordinator, logger } = options;
  return events.subscribe({
    id: 'cape-labels-sweep-requested',
    topics: [CAPE_LABELS_TOPIC_SWEEP_REQUESTED],
    onEvent: params =>
      handleSweepRequestedEvent(params.eventPayload, coordinator, logger),
  });
}
