import { InputError } from '@backstage/errors';
import { z } from 'zod';
import type {
  OutcomeFilter,
  SweepRequestedEvent,
} from '@smartx-cape/plugin-cape-labels-common';
import { PUBLISHER_NAME } from '../config/types';
import {
  KEY_MAX_LENGTH,
  RUN_ID,
  SEARCH_MAX_LENGTH,
  TOWER_ID,
  type IntegerRule,
} from '../schema/specRules';

export function wholeNumber(
  value: number | undefined,
  name: string,
  rule: IntegerRule,
): number {
  if (value === undefined) return rule.default;
  if (!Number.isInteger(value) || value < rule.minimum || value > rule.maximum)
    throw new InputError(
      `${name} must be a whole number from ${rule.minimum} to ${rule.maximum}`,
    );
  return value;
}

export function towerIdOf(raw: string): string {
  if (!TOWER_ID.test(raw))
    throw new InputError(`towerId must match the pattern ${TOWER_ID.source}`);
  return raw;
}

export function runIdOf<T extends string | undefined>(
  raw: T,
  name = 'runId',
): T {
  if (raw !== undefined && !RUN_ID.test(raw))
    throw new InputError(`${name} is not a run id`);
  return raw;
}

export function boundedText(
  value: string | undefined,
  name: string,
  max: number,
): string | undefined {
  if (value !== undefined && value.length > max)
    throw new InputError(`${name} may be at most ${max} characters`);
  return value;
}

/** The spec cannot say that an empty key or search is no filter. */
export function outcomeFilterOf(given: OutcomeFilter): OutcomeFilter {
  return {
    action: given.action,
    reason: given.reason,
    key: boundedText(given.key, 'key', KEY_MAX_LENGTH) || undefined,
    search: boundedText(given.search, 'search', SEARCH_MAX_LENGTH) || undefined,
  };
}

const sweepRequestedEvent = z.object({
  towerId: z.string().regex(TOWER_ID),
  dryRun: z.boolean().optional(),
  // May be missing: the refusal is audited, so parsing lets it through.
  requestedBy: z.string().regex(PUBLISHER_NAME).optional(),
}) satisfies z.ZodType<Partial<SweepRequestedEvent>>;

export function parseSweepRequestedEvent(payload: unknown) {
  return sweepRequestedEvent.safeParse(payload).data;
}
