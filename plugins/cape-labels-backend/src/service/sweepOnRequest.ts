import type { AuditorService } from '@backstage/backend-plugin-api';
import type { SweepAccepted } from '@smartx-cape/plugin-cape-labels-common';
import type { JsonObject } from '@backstage/types';
import { audited, requesterOf, type Caller } from './access';
import type { SweepRequests } from './sweepRequests';
import type { TowerAccess } from './towerAccess';
import { isTowerId, towerIdOf } from './validation';

type AuditOptions = Parameters<AuditorService['createEvent']>[0];

/** What asked: the HTTP request (the auditor reads its caller), or meta naming the entry point. */
type SweepAudit = Pick<AuditOptions, 'request' | 'meta'>;

/**
 * A manual sweep request, the same from every entry point that acts for a caller (the API's
 * `POST /towers/:towerId/sweep`, the actions): audited as `sweep-request`, `cape-labels.sweep.run`
 * decided per Tower, through the permissions-off gate, recorded with the caller as `requestedBy`.
 * A malformed Tower id (the API's validator refused it before already; an action's input it does
 * not see) is audited as failed with `towerId: null`: input reaches the audit only once valid.
 */
export function manualSweeps(options: {
  access: TowerAccess;
  requests: SweepRequests;
  auditor: AuditorService;
}) {
  const { access, requests, auditor } = options;
  return async (
    caller: Caller,
    rawTowerId: string,
    dryRun: boolean,
    audit: SweepAudit,
  ): Promise<SweepAccepted> => {
    const accepted = await audited(
      auditor,
      {
        eventId: 'sweep-request',
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
        // requestSweep answers 404 for a Tower that is not configured.
        const answer = await requests.requestSweep({
          towerId,
          dryRun,
          trigger: 'manual',
          requestedBy: requesterOf(caller),
        });
        const meta: JsonObject = { ...answer, dryRun };
        return { answer, meta };
      },
    );
    return accepted.answer;
  };
}

/** Requests a sweep for a caller: see {@link manualSweeps}. */
export type ManualSweeps = ReturnType<typeof manualSweeps>;
