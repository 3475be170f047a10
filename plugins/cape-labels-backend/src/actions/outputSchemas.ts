import {
  LABEL_ACTIONS,
  OUTCOME_REASONS,
} from '@smartx-cape/plugin-cape-labels-common';
import type { z as zod } from 'zod/v3';

/*
 * The answers of the actions in the registry's zod (v3, handed to each schema builder), field by
 * field as the HTTP API's types: the registry parses every output with its schema, which drops
 * any field not named here, so an answer holds what these list and nothing else.
 */

type Z = typeof zod;

const enumOf = (z: Z, values: readonly string[]) =>
  z.enum(values as [string, ...string[]]);

const paramsSchema = (z: Z) => z.record(z.union([z.string(), z.number()]));

export function runSummarySchema(z: Z) {
  const count = z.number().int();
  return z.object({
    id: z.string(),
    towerId: z.string(),
    trigger: z
      .enum(['schedule', 'manual', 'event', 'external'])
      .describe('external: started by the scheduler endpoint, a preview'),
    requestedBy: z
      .string()
      .optional()
      .describe('Who asked for a manual run: user:… or service:…'),
    dryRun: z.boolean().describe('true: decided and recorded, nothing deleted'),
    status: z
      .enum(['running', 'lost', 'succeeded', 'partial', 'failed', 'aborted'])
      .describe('partial: the per-run cap left labels for the next run'),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    durationMs: z.number().nullable(),
    counts: z.object({
      scanned: count,
      candidates: count,
      deleted: count,
      wouldDelete: count,
      kept: count,
      failed: count,
    }),
    keptByReason: z.record(z.number().int()).optional(),
    error: z
      .object({
        message: z.string(),
        code: z.string().optional(),
        params: paramsSchema(z).optional(),
      })
      .optional(),
    instance: z.string().describe('The backend replica that ran it (host:pid)'),
    instanceId: z
      .string()
      .optional()
      .describe(
        "That backend instance's unique id (Backstage's rootInstanceMetadata)",
      ),
    notes: z
      .array(
        z.object({
          code: z.string().optional(),
          params: paramsSchema(z).optional(),
          message: z.string(),
        }),
      )
      .optional()
      .describe(
        'Remarks on the run: a code with params, and the English message',
      ),
    clock: z
      .object({
        source: z.enum(['tower', 'local']),
        skewMs: z.number().nullable(),
        capped: z.literal(true).optional(),
      })
      .optional()
      .describe("Whose clock the age cutoff was taken on (Tower's, or ours)"),
    relations: z
      .object({
        source: z.enum(['introspection', 'probe']),
        checked: z.array(z.string()),
      })
      .optional()
      .describe('The kinds of objects checked for each label before deleting'),
  });
}

export function towerSummarySchema(z: Z) {
  return z.object({
    id: z.string().describe('The Tower id, used by every other action'),
    title: z.string(),
    server: z.string().describe("Tower's URL"),
    resourcePrefix: z.string().describe('Swept keys start with it: cape, sks'),
    dryRun: z.boolean().describe('Configured to never delete'),
    running: z.boolean(),
    nextRunAt: z.string().nullable(),
    lastRun: runSummarySchema(z).nullable(),
    transport: z
      .object({
        insecure: z.literal(true).optional(),
        skipTLSVerify: z.literal(true).optional(),
      })
      .optional()
      .describe(
        "Set only when the way to Tower is weak (http, or Tower's certificate unchecked)",
      ),
    owner: z
      .string()
      .nullable()
      .describe("The Tower's catalog owner (entity ref), null when none"),
    notify: z
      .array(z.string())
      .describe("Entity refs notified about the Tower's runs"),
    rules: towerRulesSchema(z),
  });
}

function towerRulesSchema(z: Z) {
  return z
    .object({
      minAge: z.string().describe('ISO-8601: younger labels are kept'),
      confirmAfter: z
        .string()
        .nullable()
        .describe(
          'ISO-8601: how long a candidate stays unreferenced before deletion; null: off',
        ),
      maxDeletesPerRun: z.number().int(),
      dryRun: z.boolean(),
      schedule: z.object({
        frequency: z.string().optional().describe('ISO-8601 duration'),
        cron: z.string().optional(),
        timeout: z.string().describe('ISO-8601 duration'),
        initialDelay: z.string().optional().describe('ISO-8601 duration'),
      }),
    })
    .describe(
      "The Tower's effective rules, defaults applied; the relations checked are per run",
    );
}

export function labelOutcomeSchema(z: Z) {
  return z.object({
    labelId: z.string(),
    key: z.string(),
    value: z.string().nullable(),
    createdAt: z.string(),
    action: enumOf(z, LABEL_ACTIONS),
    reason: enumOf(z, OUTCOME_REASONS).optional(),
    relation: z
      .string()
      .optional()
      .describe('With reason referenced: the kind of object that held it'),
    detail: z
      .string()
      .optional()
      .describe(
        "With reason refused: Tower's words; with malformed: what is malformed",
      ),
  });
}

export function topSourcesSchema(z: Z) {
  const counts = z.array(
    z.object({ value: z.string(), deleted: z.number().int() }),
  );
  return z.object({
    days: z.number().int(),
    since: z.string(),
    clusters: counts.describe('Cluster names whose labels were deleted most'),
    namespaces: counts.describe('Namespaces whose labels were deleted most'),
  });
}

export function stopAcceptedSchema(z: Z) {
  return z.object({
    runId: z.string().describe('The run asked to stop'),
    towerId: z.string(),
  });
}

export function sweepAcceptedSchema(z: Z) {
  return z.object({
    requestId: z.string(),
    towerId: z.string(),
    dryRun: z.boolean(),
  });
}
