import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import type { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import type { z as zod } from 'zod/v3';
import { callerOfAction } from '../service/access';
import type { TowerSweeps } from '../service/sweepOnRequest';
import { answerSchema } from './outputSchemas';

/*
 * The actions that start or stop a sweep: exactly `POST /towers/:towerId/sweep` and `/stop`
 * (TowerSweeps: audited, `cape-labels.sweep.run` per Tower, the permissions-off gate for real
 * sweeps, the caller recorded on the run), the audit event saying it came through the actions
 * registry.
 */

const TOWER_ID = 'A Tower id as list-towers answers it';
const AUDIT = { meta: { via: 'actions-registry' } };

const towerInput = (z: typeof zod) =>
  z.object({ towerId: z.string().describe(TOWER_ID) }).strict();

/** `POST /towers/:towerId/sweep`'s answer, with the Tower and whether it is a dry run. */
const sweepAccepted = (z: typeof zod) =>
  answerSchema(
    z,
    { path: '/towers/{towerId}/sweep', method: 'post', status: '202' },
    { towerId: z.string(), dryRun: z.boolean() },
  );

/** The action function that asks for a sweep of the input's Tower as the caller. */
function requestAs(sweeps: TowerSweeps, dryRun: boolean) {
  return async (context: {
    input: { towerId: string };
    credentials: BackstageCredentials;
  }) => {
    const { towerId } = context.input;
    const caller = callerOfAction(context.credentials);
    const accepted = await sweeps.request(caller, towerId, dryRun, AUDIT);
    return { output: { ...accepted, towerId, dryRun } };
  };
}

export function registerSweepActions(
  registry: ActionsRegistryService,
  sweeps: TowerSweeps,
): void {
  registry.register({
    name: 'preview-tower-sweep',
    title: 'Preview a sweep of one Tower (deletes nothing)',
    description:
      'Starts a dry run of one Tower: it lists and checks labels like a real sweep and records ' +
      'which ones it would delete (action would-delete) without deleting any. Needs the ' +
      'cape-labels.sweep.run permission on that Tower. Answers at once; the run then shows in ' +
      'list-tower-runs, its labels in list-run-labels. Fails with a conflict while the Tower is ' +
      'already sweeping.',
    attributes: { destructive: false, readOnly: false, idempotent: false },
    schema: {
      input: towerInput,
      output: sweepAccepted,
    },
    examples: [{ title: 'Preview prod-a', input: { towerId: 'prod-a' } }],
    action: requestAs(sweeps, true),
  });

  registry.register({
    name: 'request-tower-sweep',
    title: 'Sweep one Tower now: DELETES orphan CAPE labels',
    description:
      'Starts a real sweep of one Tower: it deletes CAPE labels that no object uses any more ' +
      '(unless the Tower is configured dryRun). Destructive: run preview-tower-sweep first and ' +
      'ask the user to confirm. Needs the cape-labels.sweep.run permission on that Tower; refused ' +
      "while Backstage's permission framework is off unless the operator set " +
      'capeLabels.allowManualSweepsWithoutPermissions. Recorded with you as requestedBy and ' +
      'audited. Answers at once; follow the run with list-tower-runs.',
    attributes: { destructive: true, readOnly: false, idempotent: false },
    schema: {
      input: towerInput,
      output: sweepAccepted,
    },
    examples: [{ title: 'Sweep prod-a', input: { towerId: 'prod-a' } }],
    action: requestAs(sweeps, false),
  });

  registry.register({
    name: 'stop-tower-sweep',
    title: "Stop one Tower's running sweep",
    description:
      "Stops the Tower's running sweep, whichever backend replica runs it: it ends aborted " +
      'before its next page or batch, noted with you as the one who stopped it, and audited. ' +
      'Deletes nothing; labels a delete already sent are settled and recorded as on any abort. ' +
      'Needs the cape-labels.sweep.run permission on that Tower. Fails with a conflict when no ' +
      'sweep of the Tower runs.',
    attributes: { destructive: false, readOnly: false, idempotent: true },
    schema: {
      input: towerInput,
      output: z =>
        answerSchema(
          z,
          { path: '/towers/{towerId}/stop', method: 'post', status: '202' },
          { towerId: z.string() },
        ),
    },
    examples: [{ title: 'Stop prod-a', input: { towerId: 'prod-a' } }],
    action: async ({ input, credentials }) => {
      const caller = callerOfAction(credentials);
      const stopped = await sweeps.stop(caller, input.towerId, AUDIT);
      return { output: { ...stopped, towerId: input.towerId } };
    },
  });
}
