import { toError } from '@backstage/errors';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  isAmbiguous,
  TowerGraphQLError,
  TowerHttpError,
  towerErrorKind,
} from '../cloudtower/errors';
import type {
  LabelLiveState,
  TowerClient,
  TowerLabel,
} from '../cloudtower/TowerClient';
import type { SweepTuning, TowerConfig } from '../config/types';
import type { PendingBatchId, PendingDeletesStore } from '../database/RunStore';
import { plainText } from '../lib/plainText';
import { withRetry } from '../lib/retry';
import { classifyLive, type SweepPolicy } from './decide';
import { outcome } from './labelShape';
import { runNotes, type RunNotes } from './runNotes';

/** Survivor reads spread over the settle window after a delete without a usable answer. */
const SETTLE_READS = 3;

/** Tower's words kept on a refused label's outcome, at most (UTF-8 bytes). */
const MAX_REFUSAL_BYTES = 1024;

/** Extra deletes a split may send: what isolating this many refusals costs (2·log2(batch) each). */
const REFUSALS_BUDGETED = 4;

// 4xx answers about the request rather than its labels (who asks, when, how often): splitting
// the batch would only repeat them.
const NOT_ABOUT_LABELS: ReadonlySet<number> = new Set([403, 407, 408, 429]);

/** Codes of a GraphQL document Tower cannot run at all (its filters, its syntax): no label's fault. */
const DOCUMENT_REFUSED: ReadonlySet<string> = new Set([
  'GRAPHQL_VALIDATION_FAILED',
  'GRAPHQL_PARSE_FAILED',
]);

export type GuardedDeleteResult = {
  outcomes: LabelOutcome[];
  /** The delete's write-ahead record, which recording `outcomes` settles. */
  pending?: PendingBatchId;
  /** The error behind the batch's `failed` outcomes, when it has some. */
  error?: unknown;
  /**
   * Outcomes of labels kept in use after a delete whose answer was lost: Tower may yet delete
   * them, so recording them must not settle their write-ahead rows (the next run re-checks).
   */
  inDoubt?: LabelOutcome[];
};

export type GuardedDeleteOptions = {
  tower: Pick<TowerConfig, 'id'>;
  tuning: Pick<SweepTuning, 'settleMs'>;
  runId: string;
  client: Pick<
    TowerClient,
    'deleteLabelsGuarded' | 'readExistingIds' | 'checkLabels'
  >;
  store: Pick<PendingDeletesStore, 'writePendingDeletes'>;
  notes: RunNotes;
  /** Stops splitting; a delete already sent finishes and is settled. */
  signal: AbortSignal;
  policy: SweepPolicy;
};

type Refusal = TowerGraphQLError | TowerHttpError;

// A clear refusal of the batch, maybe for one of its labels (e.g. in an Everoute security policy).
function isRefusal(error: unknown): error is Refusal {
  if (error instanceof TowerGraphQLError)
    return (
      towerErrorKind(error) === 'GRAPHQL' &&
      !DOCUMENT_REFUSED.has(error.graphqlCode ?? '')
    );
  return (
    error instanceof TowerHttpError &&
    towerErrorKind(error) === 'HTTP_4xx' &&
    !NOT_ABOUT_LABELS.has(error.status) &&
    !DOCUMENT_REFUSED.has(error.towerCode ?? '')
  );
}

// A 5xx may have been committed: Tower's own error there is a refusal only once a survivor read
// shows nothing of the batch gone.
function mayBeRefusal(error: unknown): error is TowerHttpError {
  return (
    error instanceof TowerHttpError &&
    towerErrorKind(error) === 'HTTP_5xx' &&
    (error.towerCode !== undefined || error.messages.length > 0) &&
    !DOCUMENT_REFUSED.has(error.towerCode ?? '')
  );
}

function refusalDetail(error: Refusal): string {
  const code =
    error instanceof TowerHttpError
      ? (error.towerCode ?? error.code)
      : error.code;
  const words = error.messages.length
    ? error.messages.join('; ')
    : error.message;
  return plainText(`${code}: ${words}`, MAX_REFUSAL_BYTES);
}

/** `raced`: Tower answered, and its guard saw the label in use or changed. */
function leftStanding(
  label: TowerLabel,
  live: LabelLiveState | undefined,
  failed?: LabelOutcome,
): LabelOutcome {
  const verdict = classifyLive(live);
  if (live && !verdict.candidate)
    return outcome(label, 'kept', verdict.reason, verdict);
  return failed ?? outcome(label, 'kept', 'raced');
}

type Unresolved = { error: unknown; ambiguous: boolean };

/** Each delete is written ahead; a clear refusal is split under the same record. */
export class GuardedDelete {
  constructor(private readonly options: GuardedDeleteOptions) {}

  /** Throws only when the write-ahead record or the survivor read fails. */
  async delete(take: TowerLabel[]): Promise<GuardedDeleteResult> {
    const { store, tower, runId, notes, signal } = this.options;
    const ids = take.map(l => l.id);
    const deleted = take.map(l => outcome(l, 'deleted'));
    const pending = await withRetry(() =>
      store.writePendingDeletes(tower.id, runId, deleted),
    );
    const { reported, error, refusal } = await this.send(ids);
    if (refusal && !signal.aborted)
      return { pending, ...(await this.split(take, refusal)) };
    const ambiguous = error !== undefined && isAmbiguous(error);
    const survivors = await this.survivorsAfter(ids, reported, ambiguous);
    const requested = ids.length;
    const gone = requested - survivors.size;
    if (reported !== undefined && reported !== gone)
      notes.add(runNotes.deleteCountMismatch({ reported, requested, gone }));
    if (ambiguous && gone > 0) {
      notes.add(
        runNotes.deleteUnansweredSettled({
          requested,
          gone,
          error: toError(error).message,
        }),
      );
    }
    const failedReason = ambiguous ? 'unanswered' : 'error';
    const outcomes = take.map((l, i) => {
      if (!survivors.has(l.id)) return deleted[i];
      const failed =
        error === undefined ? undefined : outcome(l, 'failed', failedReason);
      return leftStanding(l, survivors.get(l.id), failed);
    });
    return {
      error,
      pending,
      outcomes,
      inDoubt: ambiguous ? outcomes.filter(o => o.action === 'kept') : [],
    };
  }

  /**
   * Splits a batch Tower refused as a whole in halves until the labels it refuses are alone. A part
   * whose delete went unanswered, or a split past its budget, fails as an unsplit batch would.
   */
  private async split(
    take: TowerLabel[],
    refusal: Refusal,
  ): Promise<Omit<GuardedDeleteResult, 'pending'>> {
    const maxExtraRequests =
      2 * Math.ceil(Math.log2(Math.max(2, take.length))) * REFUSALS_BUDGETED;
    let extraRequests = 0;
    // A part's delete got no usable answer: what is left is read after settling.
    let ambiguous = false;
    const refused = new Map<string, string>();
    const unresolved = new Map<string, Unresolved>();
    const deleted = new Set<string>();
    const leave = (labels: TowerLabel[], why: Unresolved) =>
      labels.forEach(l => unresolved.set(l.id, why));
    const halve = async (labels: TowerLabel[], why: Refusal) => {
      if (labels.length === 1) {
        refused.set(labels[0].id, refusalDetail(why));
        return;
      }
      const middle = Math.ceil(labels.length / 2);
      for (const half of [labels.slice(0, middle), labels.slice(middle)]) {
        const spent = extraRequests >= maxExtraRequests;
        if (spent || ambiguous || this.options.signal.aborted) {
          leave(half, { error: why, ambiguous: false });
          continue;
        }
        extraRequests++;
        const ids = half.map(l => l.id);
        const { reported, error, refusal: again } = await this.send(ids);
        if (error === undefined) {
          if (reported === ids.length) ids.forEach(id => deleted.add(id));
        } else if (again) {
          await halve(half, again);
        } else {
          ambiguous ||= isAmbiguous(error);
          leave(half, { error, ambiguous: isAmbiguous(error) });
        }
      }
    };
    await halve(take, refusal);
    const unknown = take.map(l => l.id).filter(id => !deleted.has(id));
    const survivors = await this.survivorsAfter(unknown, undefined, ambiguous);
    const outcomes = take.map(l => {
      if (!survivors.has(l.id)) return outcome(l, 'deleted');
      const words = refused.get(l.id);
      if (words !== undefined)
        return outcome(l, 'kept', 'refused', { detail: words });
      const left = unresolved.get(l.id);
      const failed =
        left &&
        (left.ambiguous
          ? outcome(l, 'failed', 'unanswered')
          : outcome(l, 'failed', 'error', {
              detail: isRefusal(left.error)
                ? refusalDetail(left.error)
                : undefined,
            }));
      return leftStanding(l, survivors.get(l.id), failed);
    });
    const refusedIds = outcomes
      .filter(o => o.reason === 'refused')
      .map(o => o.labelId);
    const failed = outcomes.filter(o => o.action === 'failed');
    this.options.notes.add(
      runNotes.deleteRefusedSplit({
        requested: take.length,
        detail: refusalDetail(refusal),
        extraDeletes: extraRequests,
        refused: refusedIds.length,
        refusedIds: refusedIds.join(', '),
        deleted: outcomes.filter(o => o.action === 'deleted').length,
        failed: failed.length,
      }),
    );
    const inDoubt = outcomes.filter(
      o => o.action === 'kept' && unresolved.get(o.labelId)?.ambiguous,
    );
    return {
      ...(failed[0] ? { error: unresolved.get(failed[0].labelId)!.error } : {}),
      outcomes,
      inDoubt,
    };
  }

  /** Tower's count or error, and the refusal if it was one: a 5xx only when none of `ids` is gone. */
  private async send(
    ids: string[],
  ): Promise<{ reported?: number; error?: unknown; refusal?: Refusal }> {
    const { client, policy, signal } = this.options;
    try {
      const reported = await client.deleteLabelsGuarded({
        ids,
        keys: [...policy.keys],
        createdBefore: new Date(policy.cutoffMs).toISOString(),
      });
      return { reported };
    } catch (error) {
      if (isRefusal(error)) return { error, refusal: error };
      if (!mayBeRefusal(error) || signal.aborted) return { error };
      const noneGone = (await this.readSurvivors(ids)).size === ids.length;
      return noneGone ? { error, refusal: error } : { error };
    }
  }

  /** Read with the live check to name why each was left: the guard may be a batch's only check. */
  private async survivorsAfter(
    ids: string[],
    reported: number | undefined,
    ambiguous: boolean,
  ): Promise<Map<string, LabelLiveState>> {
    if (ids.length === 0 || reported === ids.length) return new Map();
    const left = ambiguous ? [...(await this.settle(ids))] : ids;
    if (left.length === 0) return new Map();
    const { client } = this.options;
    const live = await withRetry(() => client.checkLabels(left), 3, 250);
    return new Map(live.map(state => [state.id, state]));
  }

  private async readSurvivors(ids: string[]): Promise<Set<string>> {
    // A read is safe to repeat, and without it the batch's outcome would be unknown.
    return new Set(
      await withRetry(() => this.options.client.readExistingIds(ids), 3, 250),
    );
  }

  /**
   * Re-reads survivors a few times over the settle window, until none is left. Not cut short by a
   * stop: the next run may start at once and take a late commit for a delete never done.
   */
  private async settle(ids: string[]): Promise<Set<string>> {
    let survivors = await this.readSurvivors(ids);
    for (let i = 0; i < SETTLE_READS && survivors.size > 0; i++) {
      await sleep(this.options.tuning.settleMs / SETTLE_READS);
      survivors = await this.readSurvivors([...survivors]);
    }
    return survivors;
  }
}
