import type {
  AuditorService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError, stringifyError } from '@backstage/errors';
import type { EventsService } from '@backstage/plugin-events-node';
import { CAPE_LABELS_TOPIC_SWEEP_REQUESTED } from '@smartx-cape/plugin-cape-labels-common';
import type { EventPublishers } from '../config/types';
import { audited, type SweepRequests } from './sweepOnRequest';
import {
  parseSweepRequestedEvent,
  type ParsedSweepRequestedEvent,
} from './validation';

const PUBLISHERS_KEY = 'capeLabels.events.publishers';

type Context = {
  requests: SweepRequests;
  auditor: AuditorService;
  logger: LoggerService;
  publishers: EventPublishers;
};

/**
 * The publisher the event names, when the operator allows it this Tower. The events bus tells a
 * subscriber nothing authenticated about who published (neither an in-process publisher nor the
 * bus API passes on the caller), so `requestedBy` is the name a publisher declares: the allowlist
 * scopes each name to its Towers, and who may publish at all is the events backend's to restrict.
 */
function allowedPublisher(
  event: ParsedSweepRequestedEvent,
  publishers: EventPublishers,
): string {
  const { requestedBy, towerId } = event;
  if (requestedBy === undefined)
    throw new NotAllowedError(
      `The request names no requestedBy: set it to a publisher of ${PUBLISHERS_KEY}`,
    );
  const towers = publishers.get(requestedBy);
  if (towers === undefined)
    throw new NotAllowedError(
      `Publisher '${requestedBy}' is not among ${PUBLISHERS_KEY}`,
    );
  if (towers !== 'all' && !towers.has(towerId))
    throw new NotAllowedError(
      `Publisher '${requestedBy}' may not have Tower '${towerId}' swept: it is not in ${PUBLISHERS_KEY}.${requestedBy}.towers`,
    );
  return requestedBy;
}

/**
 * `cape-labels.sweep-requested`: `{towerId, dryRun?, requestedBy}`. Every valid request is an
 * auditor event with its payload; one from a publisher the operator did not allow that Tower is
 * refused there. Bad or refused requests are logged (one line each), not thrown.
 */
async function handleSweepRequestedEvent(
  payload: unknown,
  { requests, auditor, logger, publishers }: Context,
): Promise<void> {
  const event = parseSweepRequestedEvent(payload);
  if (!event) {
    logger.warn(
      'Ignored a cape-labels.sweep-requested event: expected {"towerId": a Tower id, "dryRun"?: boolean, "requestedBy": a publisher name}',
    );
    return;
  }
  const { towerId } = event;
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
        const publisher = allowedPublisher(event, publishers);
        const answer = await requests.requestSweep({
          towerId,
          dryRun,
          trigger: 'event',
          requestedBy: `event:${publisher}`,
        });
        return { meta: { ...answer, towerId, dryRun, publisher } };
      },
    );
  } catch (error) {
    logger.warn(
      `Ignored a cape-labels.sweep-requested event for Tower '${towerId}': ${stringifyError(error)}`,
    );
  }
}

/**
 * The inbound event adapter, beside the router: sweep requests from the events bus, acted on only
 * when `accept` (`capeLabels.events.acceptSweepRequests`) is true and the publisher may ask for
 * that Tower (`capeLabels.events.publishers`).
 */
export function subscribeSweepRequests(
  options: Context & { events: EventsService; accept: boolean },
): Promise<void> {
  const { events, accept, publishers, logger } = options;
  if (accept && publishers.size === 0)
    logger.warn(
      `capeLabels.events.acceptSweepRequests is true but ${PUBLISHERS_KEY} names no publisher: every cape-labels.sweep-requested event is refused`,
    );
  // Logs the first ignored request of the process only: a busy bus must not flood the log.
  let told = false;
  return events.subscribe({
    id: 'cape-labels-sweep-requested',
    topics: [CAPE_LABELS_TOPIC_SWEEP_REQUESTED],
    onEvent: async params => {
      if (accept) await handleSweepRequestedEvent(params.eventPayload, options);
      else if (!told) {
        told = true;
        logger.warn(
          'Ignored a cape-labels.sweep-requested event: set capeLabels.events.acceptSweepRequests: true ' +
            'to act on them (further ones are ignored without a log line)',
        );
      }
    },
  });
}
