import type { AuditorService } from '@backstage/backend-plugin-api';
import type {
  StopAccepted,
  SweepAccepted,
} from '@smartx-cape/plugin-cape-labels-common';
import type { SweepCoordinator } from '../sweep/SweepCoordinator';
import type { JsonObject } from '@backstage/types';
import { audited, requesterOf, type Caller } from './access';
import type { SweepRequests } from './sweepRequests';
import type { TowerAccess } from './towerAccess';
import { isTowerId, towerIdOf } from './validation';

type AuditOptions = Parameters<AuditorService['createEvent']>[0];

/** What asked: the HTTP request (the auditor reads its caller), or meta naming the entry point. */
type SweepAudit = Pick<AuditOptions, 'request' | 'meta'>;

/**
 * Runs `act` on a Tower for a caller inside the auditor event `eventId`, once the caller may
 * `cape-labels.sweep.run` on that Tower. The Tower id is checked inside the audit, so a malformed
 * one is audited as failed with `towerId: null` (the API's validator refused it before already; an
 * action's input it does not see): input reaches the audit only once valid.
 */
async function auditedSweepAction<T extends object>(
  options: { access: TowerAccess; auditor: AuditorService },
  eventId: string,
  request: { caller: Caller; rawTowerId: string; audit: SweepAudit },
  act: (towerId: string) => Promise<{ answer: T; meta: JsonObject }>,
): Promise<T> {
  const { caller, rawTowerId, audit } = request;
  const done = await audited(
    options.auditor,
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
      await options.access.requireSweep(caller, towerId);
      return act(towerId);
    },
  );
  return done.answer;
}

/**
 * A manual sweep request, the same from every entry point that acts for a caller (the API's
 * `POST /towers/:towerId/sweep`, the actions): audited as `sweep-request`, `cape-labels.sweep.run`
 * decided per Tower, through the permissions-off gate, recorded with the caller as `requestedBy`.
 */
export function manualSweeps(options: {
  access: TowerAccess;
  requests: SweepRequests;
  auditor: AuditorService;
}) {
  const { requests } = options;
  return async (
    caller: Caller,
    rawTowerId: string,
    dryRun: boolean,
    audit: SweepAudit,
  ): Promise<SweepAccepted> =>
    auditedSweepAction(
      options,
      'sweep-request',
      { caller, rawTowerId, audit },
      async towerId => {
        // requestSweep answers 404 for a Tower that is not configured.
        const answer = await requests.requestSweep({
          towerId,
          dryRun,
          trigger: 'manual',
          requestedBy: requesterOf(caller),
        });
        return { answer, meta: { ...answer, dryRun } };
      },
    );
}

/** Requests a sweep for a caller: see {@link manualSweeps}. */
export type ManualSweeps = ReturnType<typeof manualSweeps>;

/** What stops a Tower's running sweep: the coordinator's stop (the scheduler's cancel of its task). */
type SweepStops = Pick<SweepCoordinator, 'stopSweep'>;

/**
 * A stop of a Tower's running sweep, the same from the API's `POST /towers/:towerId/stop` and the
 * `stop-tower-sweep` action: audited as `sweep-stop`, `cape-labels.sweep.run` decided per Tower
 * (a Tower the caller may not read answers 404 like an unknown one), the run marked with the
 * caller before the scheduler cancels its task. Stopping deletes nothing, so the permissions-off
 * gate of real sweeps does not apply.
 */
export function sweepStops(options: {
  access: TowerAccess;
  stops: SweepStops;
  auditor: AuditorService;
}) {
  const { stops } = options;
  return async (
    caller: Caller,
    rawTowerId: string,
    audit: SweepAudit,
  ): Promise<StopAccepted> =>
    auditedSweepAction(
      options,
      'sweep-stop',
      { caller, rawTowerId, audit },
      async towerId => {
        const answer = await stops.stopSweep({
          towerId,
          stoppedBy: requesterOf(caller),
        });
        return { answer, meta: { ...answer } };
      },
    );
}

/** Stops a Tower's sweep for a caller: see {@link sweepStops}. */
export type TowerSweepStops = ReturnType<typeof sweepStops>;
