import type { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import {
  LABEL_ACTIONS,
  OUTCOME_REASONS,
} from '@smartx-cape/plugin-cape-labels-common';
import { callerOfAction } from '../service/access';
import type { TowerReads } from '../service/towerReads';
import {
  parseIntParam,
  parseOptionalRunId,
  parseOutcomeFilter,
  parseRunId,
  parseTowerId,
} from '../service/validation';
import {
  labelOutcomeSchema,
  runSummarySchema,
  topSourcesSchema,
  towerSummarySchema,
} from './outputSchemas';

/*
 * Read-only actions: what the HTTP API's GET routes answer, through the same TowerReads (so
 * `cape-labels.read` filters per Tower the same way) and the same parsers (so a bad value gets the
 * same message naming the field). Numbers are checked by the parsers, not the schema, for that
 * reason; their ranges are in the descriptions.
 */

const READ_ONLY = { readOnly: true, idempotent: true, destructive: false };

const TOWER_ID =
  'A Tower id as list-towers answers it (a-z, 0-9 and -, e.g. prod-a)';

export function registerReadActions(
  registry: ActionsRegistryService,
  reads: TowerReads,
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
      output: z => z.object({ items: z.array(towerSummarySchema(z)) }),
    },
    examples: [{ title: 'Every Tower you may see', input: {} }],
    action: async ({ credentials }) => ({
      output: { items: await reads.towers(callerOfAction(credentials)) },
    }),
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
        z
          .object({
            towerId: z.string().describe(TOWER_ID),
            limit: z
              .number()
              .int()
              .optional()
              .describe('How many runs, 1 to 100 (default 20)'),
            before: z
              .string()
              .optional()
              .describe('Only runs older than this run id (paging)'),
          })
          .strict(),
      output: z => z.object({ items: z.array(runSummarySchema(z)) }),
    },
    examples: [
      {
        title: 'The last five runs of prod-a',
        input: { towerId: 'prod-a', limit: 5 },
      },
    ],
    action: async ({ input, credentials }) => {
      const towerId = parseTowerId(input.towerId);
      const limit = parseIntParam(input, 'limit', 20, 1, 100);
      const before = parseOptionalRunId(input, 'before');
      const caller = callerOfAction(credentials);
      return {
        output: { items: await reads.runs(caller, towerId, { limit, before }) },
      };
    },
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
            action: z.enum(LABEL_ACTIONS as [string, ...string[]]).optional(),
            reason: z.enum(OUTCOME_REASONS as [string, ...string[]]).optional(),
            key: z
              .string()
              .optional()
              .describe(
                'The label key, exactly (e.g. cape-cluster-name); at most 256 characters',
              ),
            search: z
              .string()
              .optional()
              .describe(
                'A substring of the value, any case; at most 200 characters',
              ),
            limit: z
              .number()
              .int()
              .optional()
              .describe('1 to 1000 (default 100)'),
            offset: z
              .number()
              .int()
              .optional()
              .describe('Labels to skip (default 0)'),
          })
          .strict(),
      output: z =>
        z.object({
          items: z.array(labelOutcomeSchema(z)),
          total: z.number().int(),
          countedOnly: z
            .array(z.string())
            .describe(
              'Kept reasons this old run only counts, no longer listing the labels',
            ),
        }),
    },
    examples: [
      {
        title: 'Labels a run kept because something still uses them',
        input: { runId: 'r_abc123', action: 'kept', reason: 'referenced' },
      },
    ],
    action: async ({ input, credentials }) => {
      const runId = parseRunId(input.runId);
      const limit = parseIntParam(input, 'limit', 100, 1, 1000);
      const offset = parseIntParam(input, 'offset', 0, 0, 100_000_000);
      const page = { limit, offset, ...parseOutcomeFilter(input) };
      const caller = callerOfAction(credentials);
      return { output: await reads.outcomes(caller, runId, page) };
    },
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
        z
          .object({
            towerId: z.string().describe(TOWER_ID),
            days: z.number().int().optional().describe('1 to 365 (default 30)'),
          })
          .strict(),
      output: z => topSourcesSchema(z),
    },
    examples: [
      {
        title: 'The last week on prod-a',
        input: { towerId: 'prod-a', days: 7 },
      },
    ],
    action: async ({ input, credentials }) => {
      const towerId = parseTowerId(input.towerId);
      const days = parseIntParam(input, 'days', 30, 1, 365);
      const caller = callerOfAction(credentials);
      return { output: await reads.topSources(caller, towerId, days) };
    },
  });
}
