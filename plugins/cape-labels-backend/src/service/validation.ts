import { InputError } from '@backstage/errors';
import { TOWER_ID_PATTERN } from '../config/types';
import {
  OUTCOME_REASONS,
  LABEL_ACTIONS,
  type OutcomeReason,
  type LabelAction,
  type OutcomeFilter,
  type SweepRequestBody,
  type SweepRequestedEvent,
} from '@smartx-cape/plugin-cape-labels-common';

const OPAQUE_ID = /^[A-Za-z0-9_-]{1,100}$/;

type Query = Record<string, unknown>;

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new InputError(`${name} must be given once, as a plain value`);
  return value;
}

export function parseIntParam(
  query: Query,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  // The OpenAPI validator in front of the routes hands integers over already converted.
  const given = query[name];
  const raw = typeof given === 'number' ? String(given) : single(query, name);
  if (raw === undefined) return fallback;
  if (!/^-?\d{1,9}$/.test(raw))
    throw new InputError(
      `${name} must be a whole number from ${min} to ${max}`,
    );
  const value = Number(raw);
  if (value < min || value > max)
    throw new InputError(
      `${name} must be a whole number from ${min} to ${max}`,
    );
  return value;
}

export function parseTowerId(raw: string): string {
  if (!TOWER_ID_PATTERN.test(raw))
    throw new InputError('towerId may hold only a-z, 0-9 and - (at most 100)');
  return raw;
}

export function parseRunId(raw: string, name = 'runId'): string {
  if (!OPAQUE_ID.test(raw)) throw new InputError(`${name} is not a run id`);
  return raw;
}

export function parseOptionalRunId(
  query: Query,
  name: string,
): string | undefined {
  const raw = single(query, name);
  return raw === undefined ? undefined : parseRunId(raw, name);
}

export function parseAction(query: Query): LabelAction | undefined {
  const raw = single(query, 'action');
  if (raw === undefined) return undefined;
  if (!(LABEL_ACTIONS as readonly string[]).includes(raw)) {
    throw new InputError(`action must be one of ${LABEL_ACTIONS.join(', ')}`);
  }
  return raw as LabelAction;
}

export function parseReason(query: Query): OutcomeReason | undefined {
  const raw = single(query, 'reason');
  if (raw === undefined) return undefined;
  if (!(OUTCOME_REASONS as readonly string[]).includes(raw)) {
    throw new InputError(`reason must be one of ${OUTCOME_REASONS.join(', ')}`);
  }
  return raw as OutcomeReason;
}

export const MAX_KEY_LENGTH = 256;
export const MAX_SEARCH_LENGTH = 200;

function boundedText(
  query: Query,
  name: string,
  max: number,
): string | undefined {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return undefined;
  if (raw.length > max)
    throw new InputError(`${name} may be at most ${max} characters`);
  return raw;
}

/** `action`, `reason`, `key` (exact) and `search` (a substring of the value); empty = absent. */
export function parseOutcomeFilter(query: Query): OutcomeFilter {
  const filter: OutcomeFilter = {};
  const action = parseAction(query);
  const reason = parseReason(query);
  const key = boundedText(query, 'key', MAX_KEY_LENGTH);
  const search = boundedText(query, 'search', MAX_SEARCH_LENGTH);
  if (action !== undefined) filter.action = action;
  if (reason !== undefined) filter.reason = reason;
  if (key !== undefined) filter.key = key;
  if (search !== undefined) filter.search = search;
  return filter;
}

/** The `cape-labels.sweep-requested` payload; `undefined` when it is not one. */
export function parseSweepRequestedEvent(
  payload: unknown,
): SweepRequestedEvent | undefined {
  const { towerId, dryRun } = (payload ?? {}) as {
    towerId?: unknown;
    dryRun?: unknown;
  };
  if (typeof towerId !== 'string' || !TOWER_ID_PATTERN.test(towerId))
    return undefined;
  if (dryRun !== undefined && typeof dryRun !== 'boolean') return undefined;
  return dryRun === undefined ? { towerId } : { towerId, dryRun };
}

/** The sweep body: `{}` or `{"dryRun": boolean}`, nothing else. */
export function parseSweepBody(body: unknown): Required<SweepRequestBody> {
  if (body === undefined || body === null) return { dryRun: false };
  if (typeof body !== 'object' || Array.isArray(body))
    throw new InputError('the body must be a JSON object');
  const unknownKeys = Object.keys(body).filter(k => k !== 'dryRun');
  if (unknownKeys.length)
    throw new InputError(
      `unknown field(s): ${unknownKeys.slice(0, 5).join(', ').slice(0, 200)}`,
    );
  const { dryRun } = body as { dryRun?: unknown };
  if (dryRun !== undefined && typeof dryRun !== 'boolean')
    throw new InputError('dryRun must be true or false');
  return { dryRun: dryRun ?? false };
}
