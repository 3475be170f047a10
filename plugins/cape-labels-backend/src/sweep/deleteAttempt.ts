import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  isTowerError,
  TowerGraphQLError,
  TowerHttpError,
  towerErrorKind,
} from '../cloudtower/errors';
import type { PendingBatchId } from '../database';
import { plainText } from '../lib/plainText';
import type { SweepPolicy } from './decide';
import { withRetry } from './retry';
import type { RunContext } from './runContext';

/*
 * One guarded delete and what its answer says: whether Tower refused (whether it may have acted
 * without saying so is the errors module's `isAmbiguous`), and which labels are left afterwards.
 */

/** Survivor reads spread over the settle window after a delete without a usable answer. */
const SETTLE_READS = 3;

/** Tower's words kept on a refused label's outcome, at most (UTF-8 bytes). */
const MAX_REFUSAL_BYTES = 1024;

export type GuardedDeleteResult = {
  outcomes: LabelOutcome[];
  /** The delete's write-ahead record, which recording `outcomes` settles. */
  pending?: PendingBatchId;
  /** The error behind the batch's `failed` outcomes, when it has some. */
  error?: unknown;
};

/**
 * 4xx answers about the request rather than about its labels: who asks (403, 407), when (408)
 * or how often (429). Splitting the batch would only repeat them.
 */
const NOT_ABOUT_LABELS: ReadonlySet<number> = new Set([403, 407, 408, 429]);

/** Codes of a GraphQL document Tower cannot run at all (its filters, its syntax): no label's fault. */
const DOCUMENT_REFUSED: ReadonlySet<string> = new Set([
  'GRAPHQL_VALIDATION_FAILED',
  'GRAPHQL_PARSE_FAILED',
]);

/**
 * Tower answered clearly that it will not delete the batch (GraphQL errors, or a 4xx about the
 * request's content; not its refusal of the token): one of the batch's labels may be why, e.g.
 * one an Everoute security policy uses.
 */
export function isRefusal(
  error: unknown,
): error is TowerGraphQLError | TowerHttpError {
  if (!isTowerError(error)) return false;
  const kind = towerErrorKind(error);
  if (kind === 'GRAPHQL')
    return (
      error instanceof TowerGraphQLError &&
      !DOCUMENT_REFUSED.has(error.graphqlCode ?? '')
    );
  return (
    kind === 'HTTP_4xx' &&
    error instanceof TowerHttpError &&
    !NOT_ABOUT_LABELS.has(error.status) &&
    !DOCUMENT_REFUSED.has(error.towerCode ?? '')
  );
}

/** Tower's words for a refusal, its code first: plain, one line, bounded. */
export function refusalDetail(error: TowerGraphQLError | TowerHttpError) {
  const code =
    error instanceof TowerHttpError
      ? (error.towerCode ?? error.code)
      : error.code;
  const words = error.messages.length
    ? error.messages.join('; ')
    : error.message;
  return plainText(`${code}: ${words}`, MAX_REFUSAL_BYTES);
}

/** One guarded `deleteManyLabels` of `ids`: Tower's count, or the error it ended with. */
export async function sendGuardedDelete(
  run: RunContext,
  policy: SweepPolicy,
  ids: string[],
): Promise<{ reported?: number; error?: unknown }> {
  try {
    const reported = await run.client.deleteLabelsGuarded({
      ids,
      keys: [...policy.keys],
      createdBefore: new Date(policy.cutoffMs).toISOString(),
    });
    return { reported };
  } catch (error) {
    return { error };
  }
}

async function readSurvivors(
  run: RunContext,
  ids: string[],
): Promise<Set<string>> {
  // A read is safe to repeat, and without it the batch's outcome would be unknown.
  return new Set(
    await withRetry(() => run.client.readExistingIds(ids), 3, 250),
  );
}

/** Re-reads survivors a few times over the settle window, until none is left. */
async function settle(run: RunContext, ids: string[]): Promise<Set<string>> {
  let survivors = await readSurvivors(run, ids);
  for (let i = 0; i < SETTLE_READS && survivors.size > 0; i++) {
    if (run.signal.aborted) break;
    await sleep(run.settleMs / SETTLE_READS, undefined, {
      signal: run.signal,
    }).catch(() => undefined);
    survivors = await readSurvivors(run, [...survivors]);
  }
  return survivors;
}

/**
 * What is left of `ids`: nothing when Tower answered that it deleted every one (the survivor read
 * would only confirm it); else read — after a settle window when an answer was lost.
 */
export async function survivorsAfter(
  run: RunContext,
  ids: string[],
  reported: number | undefined,
  ambiguous: boolean,
): Promise<Set<string>> {
  if (ids.length === 0 || reported === ids.length) return new Set();
  return ambiguous ? settle(run, ids) : readSurvivors(run, ids);
}
