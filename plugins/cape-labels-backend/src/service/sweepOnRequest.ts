import type {
  AuditorService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError, stringifyError, toError } from '@backstage/errors';
import type { EventsService } from '@backstage/plugin-events-node';
import type { JsonObject } from '@backstage/types';
import {
  CAPE_LABELS_TOPIC_SWEEP_REQUESTED,
  type StopAccepted,
  type SweepAccepted,
} from '@smartx-cape/plugin-cape-labels-common';
import type { AccessConfig, EventPublishers } from '../config/types';
import { TOWER_ID } from '../schema/specRules';
import type { SweepCoordinator } from '../sweep/SweepCoordinator';
import { requesterOf, type Caller, type TowerAccess } from './access';
import { parseSweepRequestedEvent, towerIdOf } from './validation';

type SweepRequests = Pick<SweepCoordinator, 'requestSweep' | 'stopSweep'>;

const refusedWithoutPermissions = (what: string, stillRuns: string) =>
  `${what} on request are refused while permission.enabled is not true: without ` +
  "Backstage's permission framework every signed-in user could use them. Turn on " +
  'permission.enabled with a policy that grants cape-labels.sweep.run, or set ' +
  `capeLabels.allowManualSweepsWithoutPermissions: true. ${stillRuns}`;

const MANUAL_SWEEPS_REFUSED = refusedWithoutPermissions(
  'Real sweeps',
  'Previews and scheduled sweeps still run.',
);
const STOPS_REFUSED = refusedWithoutPermissions(
  'Stops',
  'Scheduled sweeps run to their end.',
);

/**
 * With permissions off every permission check allows, so unless the operator opted in, refuse real
 * sweeps and stops here: nothing else would keep anyone signed in from deleting labels.
 */
export function gatedSweepRequests(
  coordinator: Pick<SweepCoordinator, 'requestSweep' | 'stopSweep' | 'get'>,
  access: AccessConfig,
  logger: LoggerService,
): SweepRequests {
  if (access.permissionsEnabled) return coordinator;
  if (access.allowManualSweepsWithoutPermissions) {
    logger.warn(
      'capeLabels.allowManualSweepsWithoutPermissions is true and permission.enabled is not: ' +
        'every signed-in user (the guest included) and every service may start real sweeps that delete labels, and stop any sweep',
    );
    return coordinator;
  }
  return {
    requestSweep: async input => {
      if (!input.dryRun && !coordinator.get(input.towerId).tower.dryRun)
        throw new NotAllowedError(MANUAL_SWEEPS_REFUSED);
      return coordinator.requestSweep(input);
    },
    stopSweep: async () => {
      throw new NotAllowedError(STOPS_REFUSED);
    },
  };
}

type AuditOptions = Parameters<AuditorService['createEvent']>[0];

async function audited<T extends JsonObject>(
  auditor: AuditorService,
  options: AuditOptions,
  action: () => Promise<T>,
  meta: JsonObject = {},
): Promise<T> {
  const event = await auditor.createEvent(options);
  try {
    const result = await action();
    await event.success({ meta: { ...result, ...meta } });
    return result;
  } catch (error) {
    await event.fail({ error: toError(error) });
    throw error;
  }
}

type SweepAudit = Pick<AuditOptions, 'request' | 'meta'>;

/** The API and the actions start and stop sweeps for a caller through here, so both audit alike. */
export class TowerSweeps {
  constructor(
    private readonly options: {
      access: TowerAccess;
      requests: SweepRequests;
      auditor: AuditorService;
    },
  ) {}

  request(
    caller: Caller,
    rawTowerId: string,
    dryRun: boolean,
    audit: SweepAudit,
  ): Promise<SweepAccepted> {
    const meta = { dryRun };
    return this.audited('sweep-request', caller, rawTowerId, audit, meta, ask =>
      this.options.requests.requestSweep({ ...ask, dryRun, trigger: 'manual' }),
    );
  }

  stop(
    caller: Caller,
    rawTowerId: string,
    audit: SweepAudit,
  ): Promise<StopAccepted> {
    return this.audited('sweep-stop', caller, rawTowerId, audit, {}, ask =>
      this.options.requests.stopSweep({
        towerId: ask.towerId,
        stoppedBy: ask.requestedBy,
      }),
    );
  }

  /**
   * Checks the Tower id inside the audit, so that a malformed one (an action's input, which no
   * validator saw) is audited as failed, with `towerId: null` rather than the raw input.
   */
  private audited<T extends JsonObject>(
    eventId: string,
    caller: Caller,
    rawTowerId: string,
    audit: SweepAudit,
    meta: JsonObject,
    act: (ask: { towerId: string; requestedBy: string }) => Promise<T>,
  ): Promise<T> {
    const { access, auditor } = this.options;
    return audited(
      auditor,
      {
        eventId,
        severityLevel: 'medium',
        ...audit,
        meta: {
          towerId: TOWER_ID.test(rawTowerId) ? rawTowerId : null,
          ...audit.meta,
        },
      },
      async () => {
        const towerId = towerIdOf(rawTowerId);
        await access.requireSweep(caller, towerId);
        return act({ towerId, requestedBy: requesterOf(caller) });
      },
      meta,
    );
  }
}

const PUBLISHERS_KEY = 'capeLabels.events.publishers';

type Context = {
  requests: SweepRequests;
  auditor: AuditorService;
  logger: LoggerService;
  publishers: EventPublishers;
};

/**
 * The events bus does not say who published, so `requestedBy` is only a declared name: the
 * allowlist scopes each name to its Towers, and the events backend decides who may publish at all.
 */
function allowedPublisher(
  event: NonNullable<ReturnType<typeof parseSweepRequestedEvent>>,
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

/** Logs a bad or refused request rather than throwing: there is no caller to answer. */
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
  const { towerId, dryRun = false } = event;
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
        return { ...answer, towerId, dryRun, publisher };
      },
    );
  } catch (error) {
    logger.warn(
      `Ignored a cape-labels.sweep-requested event for Tower '${towerId}': ${stringifyError(error)}`,
    );
  }
}

export function subscribeSweepRequests(
  options: Context & { events: EventsService; accept: boolean },
): Promise<void> {
  const { events, accept, publishers, logger } = options;
  if (accept && publishers.size === 0)
    logger.warn(
      `capeLabels.events.acceptSweepRequests is true but ${PUBLISHERS_KEY} names no publisher: every cape-labels.sweep-requested event is refused`,
    );
  // A busy bus must not flood the log: only the first ignored request is logged.
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
