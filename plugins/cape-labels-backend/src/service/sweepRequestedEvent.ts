import type {
  AuditorService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { stringifyError } from '@backstage/errors';
import type { EventsService } from '@backstage/plugin-events-node';
import { CAPE_LABELS_TOPIC_SWEEP_REQUESTED } from '@smartx-cape/plugin-cape-labels-common';
import { audited } from './access';
import type { SweepRequests } from './sweepRequests';
import { parseSweepRequestedEvent } from './validation';

type Context = {
  requests: SweepRequests;
  auditor: AuditorService;
  logger: LoggerService;
};

/**
 * `cape-labels.sweep-requested`: `{towerId, dryRun?}`. The events bus carries no identity, so an
 * accepted request is an auditor event with its payload. Bad or refused requests are logged, not
 * thrown.
 */
async function handleSweepRequestedEvent(
  payload: unknown,
  { requests, auditor, logger }: Context,
): Promise<void> {
  const event = parseSweepRequestedEvent(payload);
  if (!event) {
    logger.warn(
      'Ignored a cape-labels.sweep-requested event: expected {"towerId": a Tower id, "dryRun"?: boolean}',
    );
    return;
  }
  const dryRun = event.dryRun ?? false;
  try {
    await audited(
      auditor,
      {
        eventId: 'sweep-request',
        severityLevel: 'medium',
        meta: {
          trigger: 'event',
          topic: CAPE_LABELS_TOPIC_SWEEP_REQUESTED,
          payload: { ...event },
        },
      },
      async () => {
        const answer = await requests.requestSweep({
          towerId: event.towerId,
          dryRun,
          trigger: 'event',
        });
        return { meta: { ...answer, towerId: event.towerId, dryRun } };
      },
    );
  } catch (error) {
    logger.warn(
      `Ignored a cape-labels.sweep-requested event for Tower '${event.towerId}': ${stringifyError(error)}`,
    );
  }
}

/** Logs the first ignored request of this process only: a busy bus must not flood the log. */
function ignoreOnce(logger: LoggerService): () => Promise<void> {
  let told = false;
  return async () => {
    if (told) return;
    told = true;
    logger.warn(
      'Ignored a cape-labels.sweep-requested event: set capeLabels.events.acceptSweepRequests: true ' +
        'to act on them (further ones are ignored without a log line)',
    );
  };
}

/**
 * The inbound event adapter, beside the router: sweep requests from the events bus, acted on only
 * when `accept` (`capeLabels.events.acceptSweepRequests`) is true.
 */
export function subscribeSweepRequests(
  options: Context & { events: EventsService; accept: boolean },
): Promise<void> {
  const { events, accept } = options;
  const ignore = ignoreOnce(options.logger);
  return events.subscribe({
    id: 'cape-labels-sweep-requested',
    topics: [CAPE_LABELS_TOPIC_SWEEP_REQUESTED],
    onEvent: params =>
      accept
        ? handleSweepRequestedEvent(params.eventPayload, options)
        : ignore(),
  });
}
