import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import type { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { AuthenticationError } from '@backstage/errors';
import type { z as zod } from 'zod/v3';
import {
  KEY_MAX_LENGTH,
  LABEL_ACTION_VALUES,
  OUTCOME_PAGE_LIMIT,
  OUTCOME_PAGE_OFFSET,
  OUTCOME_REASON_VALUES,
  RUN_LIST_LIMIT,
  SEARCH_MAX_LENGTH,
  TOP_SOURCES_DAYS,
  type IntegerRule,
} from '../schema/specRules';
import type { Caller } from '../service/access';
import type { TowerSweeps } from '../service/sweepOnRequest';
import type { TowerReads } from '../service/towerReads';
import { answerSchema } from './outputSchemas';

// TowerReads and TowerSweeps check ranges, ids and lengths, which these schemas only describe: the
// registry answers a schema failure without naming the field.

const READ_ONLY = { readOnly: true, idempotent: true, destructive: false };

const TOWER_ID =
  'A Tower id as list-towers answers it (a-z, 0-9 and -, e.g. prod-a)';

const AUDIT = { meta: { via: 'actions-registry' } };

const MAY_SWEEP =
  'Needs the cape-labels.read and cape-labels.sweep.run permissions on that Tower';

const GATED =
  `${MAY_SWEEP}; refused while Backstage's permission framework is off unless the operator ` +
  'set capeLabels.allowManualSweepsWithoutPermissions.';

const towerInput = (z: typeof zod) =>
  z.object({ towerId: z.string().describe(TOWER_ID) }).strict();

const wholeNumberInput = (z: typeof zod, rule: IntegerRule, what = '') =>
  z
    .number()
    .int()
    .optional()
    .describe(
      `${what}${rule.minimum} to ${rule.maximum} (default ${rule.default})`,
    );

const sweepAccepted = (z: typeof zod) =>
  answerSchema(z, 'post', '/towers/{towerId}/sweep', '202', {
    towerId: z.string(),
    dryRun: z.boolean(),
  });

type ActionContext<I> = { input: I; credentials: BackstageCredentials };

/** The actions registry refuses only anonymous callers itself: refuse all but users and services. */
function asCaller<I, O>(act: (caller: Caller, input: I) => Promise<O>) {
  return async ({ input, credentials }: ActionContext<I>) => {
    const { type } = (credentials.principal ?? {}) as { type?: unknown };
    if (type !== 'user' && type !== 'service')
      throw new AuthenticationError(
        'Actions need a signed-in user or a service',
      );
    return { output: await act(credentials as Caller, input) };
  };
}

const requestAs = (sweeps: TowerSweeps, dryRun: boolean) =>
  asCaller(async (caller, { towerId }: { towerId: string }) => {
    const accepted = await sweeps.request(caller, towerId, dryRun, AUDIT);
    return { ...accepted, towerId, dryRun };
  });

export function registerCapeLabelsActions(
  registry: ActionsRegistryService,
  { reads, sweeps }: { reads: TowerReads; sweeps: TowerSweeps },
): void {
  registry.register({
    name: 'list-towers',
    title: 'List CloudTower instances swept of orphan CAPE labels',
    description:
      'Lists the SmartX CloudTower instances this portal sweeps of orphan CAPE labels that you may ' +
      'see: each with its id (used by the other cape-labels actions), whether a sweep is running, ' +
      'when the next scheduled sweep is due (nextRunAt) and its last run (status, counts of ' +
      'labels scanned, deleted and kept). Start here.',
    attributes: READ_ONLY,
    schema: {
      input: z => z.object({}).strict(),
      output: z => answerSchema(z, 'get', '/towers', '200'),
    },
    examples: [{ title: 'Every Tower you may see', input: {} }],
    action: asCaller(reads.towers.bind(reads)),
  });

  registry.register({
    name: 'list-tower-runs',
    title: "List a Tower's sweep runs",
    description:
      "Lists a Tower's sweep runs, newest first: trigger (schedule, manual, event), who asked, " +
      'whether it was a dry run, status, and counts. To page, pass the id of the last run you got ' +
      'as before. A run id leads to list-run-labels.',
    attributes: READ_ONLY,
    schema: {
      input: z =>
        towerInput(z).extend({
          limit: wholeNumberInput(z, RUN_LIST_LIMIT, 'How many runs, '),
          before: z
            .string()
            .optional()
            .describe('Only runs older than this run id (paging)'),
        }),
      output: z => answerSchema(z, 'get', '/towers/{towerId}/runs', '200'),
    },
    examples: [
      {
        title: 'The last five runs of prod-a',
        input: { towerId: 'prod-a', limit: 5 },
      },
    ],
    action: asCaller(reads.runs.bind(reads)),
  });

  registry.register({
    name: 'list-run-labels',
    title: 'List what a sweep run did to each label',
    description:
      'Lists the labels one run decided on, with what it did (deleted, would-delete in a dry run, ' +
      'kept, failed) and why it kept one (referenced: an object still uses it; count-nonzero; ' +
      'young: newer than minAge; unconfirmed; cap: over the per-run limit; raced; error). ' +
      'Filter by action, reason, exact key or a substring of the value; total counts every match.',
    attributes: READ_ONLY,
    schema: {
      input: z =>
        z
          .object({
            runId: z
              .string()
              .describe('A run id from list-tower-runs or list-towers'),
            action: z.enum(LABEL_ACTION_VALUES).optional(),
            reason: z.enum(OUTCOME_REASON_VALUES).optional(),
            key: z
              .string()
              .optional()
              .describe(
                `The label key, exactly (e.g. cape-cluster-name); at most ${KEY_MAX_LENGTH} characters`,
              ),
            search: z
              .string()
              .optional()
              .describe(
                `A substring of the value, any case; at most ${SEARCH_MAX_LENGTH} characters`,
              ),
            limit: wholeNumberInput(z, OUTCOME_PAGE_LIMIT),
            offset: wholeNumberInput(
              z,
              OUTCOME_PAGE_OFFSET,
              'Labels to skip, ',
            ),
          })
          .strict(),
      output: z => answerSchema(z, 'get', '/runs/{runId}/labels', '200'),
    },
    examples: [
      {
        title: 'Labels a run kept because something still uses them',
        input: { runId: 'r_abc123', action: 'kept', reason: 'referenced' },
      },
    ],
    action: asCaller(reads.outcomes.bind(reads)),
  });

  registry.register({
    name: 'get-tower-top-sources',
    title: "Where a Tower's orphan labels come from",
    description:
      "The cluster names and namespaces whose labels a Tower's runs deleted most over the last " +
      'days (at most 10 each): the Kubernetes clusters whose deletion leaks CAPE labels.',
    attributes: READ_ONLY,
    schema: {
      input: z =>
        towerInput(z).extend({
          days: wholeNumberInput(z, TOP_SOURCES_DAYS),
        }),
      output: z =>
        answerSchema(z, 'get', '/towers/{towerId}/top-sources', '200'),
    },
    examples: [
      {
        title: 'The last week on prod-a',
        input: { towerId: 'prod-a', days: 7 },
      },
    ],
    action: asCaller(reads.topSources.bind(reads)),
  });

  registry.register({
    name: 'preview-tower-sweep',
    title: 'Preview a sweep of one Tower (deletes nothing)',
    description:
      'Starts a dry run of one Tower: it lists and checks labels like a real sweep and records ' +
      `which ones it would delete (action would-delete) without deleting any. ${MAY_SWEEP}. ` +
      'Answers at once; the run then shows in list-tower-runs, its labels in list-run-labels. ' +
      'Fails with a conflict while the Tower is already sweeping.',
    attributes: { destructive: false, readOnly: false, idempotent: false },
    schema: { input: towerInput, output: sweepAccepted },
    examples: [{ title: 'Preview prod-a', input: { towerId: 'prod-a' } }],
    action: requestAs(sweeps, true),
  });

  registry.register({
    name: 'request-tower-sweep',
    title: 'Sweep one Tower now: DELETES orphan CAPE labels',
    description:
      'Starts a real sweep of one Tower: it deletes CAPE labels that no object uses any more ' +
      '(unless the Tower is configured dryRun). Destructive: run preview-tower-sweep first and ' +
      `ask the user to confirm. ${GATED} Recorded with you as requestedBy and audited. Answers ` +
      'at once; follow the run with list-tower-runs.',
    attributes: { destructive: true, readOnly: false, idempotent: false },
    schema: { input: towerInput, output: sweepAccepted },
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
      `${GATED} Fails with a conflict when no sweep of the Tower runs.`,
    attributes: { destructive: false, readOnly: false, idempotent: true },
    schema: {
      input: towerInput,
      output: z =>
        answerSchema(z, 'post', '/towers/{towerId}/stop', '202', {
          towerId: z.string(),
        }),
    },
    examples: [{ title: 'Stop prod-a', input: { towerId: 'prod-a' } }],
    action: asCaller(async (caller, { towerId }) => {
      const stopped = await sweeps.stop(caller, towerId, AUDIT);
      return { ...stopped, towerId };
    }),
  });
}
