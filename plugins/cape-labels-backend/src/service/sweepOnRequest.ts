import type {
  AuditorService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError, toError } from '@backstage/errors';
import type { JsonObject } from '@backstage/types';
import type {
  StopAccepted,
  SweepAccepted,
} from '@smartx-cape/plugin-cape-labels-common';
import type { AccessConfig } from '../config/types';
import type { SweepCoordinator } from '../sweep/SweepCoordinator';
import { requesterOf, type Caller, type TowerAccess } from './access';
import { isTowerId, towerIdOf } from './validation';

/** What every entry point that starts or stops a sweep on request (the API, the actions, events) calls. */
export type SweepRequests = Pick<
  SweepCoordinator,
  'requestSweep' | 'stopSweep'
>;

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
 * The coordinator's requests and stops, refusing (403) a real sweep or a stop while Backstage's
 * permissions are off unless the operator opted in: with permissions off every permission check
 * allows, so nothing else would stop anyone signed in from deleting, or from stopping every
 * scheduled sweep. A preview, or a request to a Tower configured `dryRun`, deletes nothing and
 * passes.
 */
export function gatedSweepRequests(
  coordinator: Pick<SweepCoordinator, 'requestSweep' | 'stopSweep' | 'tower'>,
  access: AccessConfig,
): SweepRequests {
  const open =
    access.permissionsEnabled || access.allowManualSweepsWithoutPermissions;
  return {
    requestSweep: async input => {
      // tower() answers 404 for a Tower that is not configured
      if (!open && !input.dryRun && !coordinator.tower(input.towerId).dryRun)
        throw new NotAllowedError(MANUAL_SWEEPS_REFUSED);
      return coordinator.requestSweep(input);
    },
    stopSweep: async input => {
      if (!open) throw new NotAllowedError(STOPS_REFUSED);
      return coordinator.stopSweep(input);
    },
  };
}

/** Says at start when the operator opened real sweeps to everyone. */
export function logManualSweepAccess(
  logger: LoggerService,
  access: AccessConfig,
): void {
  if (access.permissionsEnabled || !access.allowManualSweepsWithoutPermissions)
    return;
  logger.warn(
    'capeLabels.allowManualSweepsWithoutPermissions is true and permission.enabled is not: ' +
      'every signed-in user (the guest included) and every service may start real sweeps that delete labels, and stop any sweep',
  );
}

type AuditOptions = Parameters<AuditorService['createEvent']>[0];

/**
 * Runs `action` inside an auditor event: initiated now, then succeeded with the action's meta
 * or failed with its error (which is rethrown).
 */
export async function audited<T extends { meta?: JsonObject }>(
  auditor: AuditorService,
  options: AuditOptions,
  action: () => Promise<T>,
): Promise<T> {
  const event = await auditor.createEvent(options);
  try {
    const result = await action();
    await event.success({ meta: result.meta });
    return result;
  } catch (error) {
    await event.fail({ error: toError(error) });
    throw error;
  }
}

/** What asked: the HTTP request (the auditor reads its caller), or meta naming the entry point. */
type SweepAudit = Pick<AuditOptions, 'request' | 'meta'>;

/**
 * Sweeps requested and stopped for a caller, the same from every entry point that acts for one
 * (the API's `POST /towers/:towerId/sweep` and `POST /towers/:towerId/stop`, the actions): each
 * audited, `cape-labels.sweep.run` decided per Tower, the caller recorded on the run.
 */
export class TowerSweeps {
  constructor(
    private readonly options: {
      access: TowerAccess;
      /** The coordinator behind the permissions-off gate. */
      requests: SweepRequests;
      auditor: AuditorService;
    },
  ) {}

  /**
   * A manual sweep request, audited as `sweep-request`, through the permissions-off gate,
   * recorded with the caller as `requestedBy`.
   */
  request(
    caller: Caller,
    rawTowerId: string,
    dryRun: boolean,
    audit: SweepAudit,
  ): Promise<SweepAccepted> {
    const act = (towerId: string) =>
      // requestSweep answers 404 for a Tower that is not configured.
      this.options.requests.requestSweep({
        towerId,
        dryRun,
        trigger: 'manual',
        requestedBy: requesterOf(caller),
      });
    return this.audited('sweep-request', caller, rawTowerId, audit, act, {
      dryRun,
    });
  }

  /**
   * A stop of the Tower's running sweep, audited as `sweep-stop`, through the permissions-off
   * gate, the run marked with the caller before the scheduler cancels its task.
   */
  stop(
    caller: Caller,
    rawTowerId: string,
    audit: SweepAudit,
  ): Promise<StopAccepted> {
    const act = (towerId: string) =>
      this.options.requests.stopSweep({
        towerId,
        stoppedBy: requesterOf(caller),
      });
    return this.audited('sweep-stop', caller, rawTowerId, audit, act);
  }

  /**
   * Runs `act` on a Tower inside the auditor event `eventId`, once the caller may
   * `cape-labels.read` and `cape-labels.sweep.run` that Tower; the event's meta on success is the answer and `meta`.
   * The Tower id is checked inside the audit, so a malformed one is audited as failed with
   * `towerId: null` (the API's validator refused it before already; an action's input it does not
   * see): input reaches the audit only once valid.
   */
  private async audited<T extends object>(
    eventId: string,
    caller: Caller,
    rawTowerId: string,
    audit: SweepAudit,
    act: (towerId: string) => Promise<T>,
    meta: JsonObject = {},
  ): Promise<T> {
    const { access, auditor } = this.options;
    const done = await audited(
      auditor,
      {
        eventId,
        severityLevel: 'medium',
        ...audit,
        meta: {
          towerId: isTowerId(rawTowerId) ? rawTowerId : null,
          ...audit.meta,
        },
      },
      async () => {
        const towerId = towerIdOf(rawTowerId);
        await access.requireSweep(caller, towerId);
        const answer = await act(towerId);
        return { answer, meta: { ...answer, ...meta } };
      },
    );
    return done.answer;
  }
}
