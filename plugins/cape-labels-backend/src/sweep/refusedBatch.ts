import {
  isAmbiguous,
  type TowerGraphQLError,
  type TowerHttpError,
} from '../cloudtower/errors';
import type { TowerLabel } from '../cloudtower/TowerClient';
import type { SweepPolicy } from './decide';
import {
  isRefusal,
  refusalDetail,
  sendGuardedDelete,
  survivorsAfter,
  type GuardedDeleteResult,
} from './deleteAttempt';
import { outcome } from './record';
import { runNotes } from './runNotes';
import type { RunContext } from './runContext';

/**
 * A split may send as many more deletes as isolating this many refusals costs (about
 * 2·log2(batch) each). A Tower that refuses every label stops the split there: what is left
 * fails `error`, as an unsplit batch would.
 */
const REFUSALS_BUDGETED = 4;

/** Why labels of a split batch are left without a verdict: Tower's error for them. */
type Unresolved = { error: unknown; ambiguous: boolean };

/**
 * A guarded delete Tower refused as a whole, split in halves until the labels it refuses are
 * alone: those are kept `refused` with Tower's words, the others deleted by the halves Tower
 * accepted. Each part is the same guarded delete (the batch's write-ahead record covers them
 * all). A part whose delete went unanswered, or a split that used up its budget, stops there:
 * its labels fail as an unsplit batch's would.
 */
export class RefusedBatch {
  /** Deletes this split may send beyond the refused one. */
  private readonly maxExtraRequests: number;
  private extraRequests = 0;
  /** Labels Tower refused alone, with its words. */
  private readonly refused = new Map<string, string>();
  /** Labels left without a verdict, with the error that left them so. */
  private readonly unresolved = new Map<string, Unresolved>();
  /** Labels of parts Tower answered it deleted whole. */
  private readonly deleted = new Set<string>();
  /** A part's delete got no usable answer: what is left is read after settling. */
  private ambiguous = false;

  constructor(
    private readonly run: RunContext,
    private readonly policy: SweepPolicy,
    private readonly take: TowerLabel[],
  ) {
    this.maxExtraRequests =
      2 * Math.ceil(Math.log2(Math.max(2, take.length))) * REFUSALS_BUDGETED;
  }

  /** Splits the batch Tower refused with `refusal`, then decides each label's outcome. */
  async resolve(
    refusal: TowerGraphQLError | TowerHttpError,
  ): Promise<Omit<GuardedDeleteResult, 'pending'>> {
    await this.split(this.take, refusal);
    const ids = this.take.map(l => l.id);
    const unknown = ids.filter(id => !this.deleted.has(id));
    const survivors = await survivorsAfter(
      this.run,
      unknown,
      undefined,
      this.ambiguous,
    );
    this.note(refusal, survivors);
    const outcomes = this.take.map(l => {
      if (!survivors.has(l.id)) return outcome(l, 'deleted');
      const words = this.refused.get(l.id);
      if (words !== undefined)
        return outcome(l, 'kept', 'refused', { detail: words });
      const left = this.unresolved.get(l.id);
      if (left === undefined) return outcome(l, 'kept', 'raced');
      return left.ambiguous
        ? outcome(l, 'failed', 'unanswered')
        : outcome(l, 'failed', 'error', detailOf(left.error));
    });
    const failed = this.take.find(
      l => survivors.has(l.id) && this.unresolved.has(l.id),
    );
    return {
      ...(failed ? { error: this.unresolved.get(failed.id)!.error } : {}),
      outcomes,
    };
  }

  /** `labels`, which Tower refused with `refusal`: each half tried, a refused one split again. */
  private async split(
    labels: TowerLabel[],
    refusal: TowerGraphQLError | TowerHttpError,
  ): Promise<void> {
    if (labels.length === 1) {
      this.refused.set(labels[0].id, refusalDetail(refusal));
      return;
    }
    const middle = Math.ceil(labels.length / 2);
    for (const half of [labels.slice(0, middle), labels.slice(middle)]) {
      const spent = this.extraRequests >= this.maxExtraRequests;
      if (spent || this.ambiguous || this.run.signal.aborted) {
        this.leave(half, { error: refusal, ambiguous: false });
        continue;
      }
      this.extraRequests++;
      const ids = half.map(l => l.id);
      const { reported, error } = await sendGuardedDelete(
        this.run,
        this.policy,
        ids,
      );
      if (error === undefined) {
        if (reported === ids.length) ids.forEach(id => this.deleted.add(id));
      } else if (isRefusal(error)) {
        await this.split(half, error);
      } else {
        this.ambiguous ||= isAmbiguous(error);
        this.leave(half, { error, ambiguous: isAmbiguous(error) });
      }
    }
  }

  private leave(labels: TowerLabel[], why: Unresolved): void {
    for (const l of labels) this.unresolved.set(l.id, why);
  }

  private note(
    refusal: TowerGraphQLError | TowerHttpError,
    survivors: ReadonlySet<string>,
  ): void {
    const refused = [...this.refused.keys()].filter(id => survivors.has(id));
    const failed = [...this.unresolved.keys()].filter(id => survivors.has(id));
    this.run.notes.add(
      runNotes.deleteRefusedSplit({
        requested: this.take.length,
        detail: refusalDetail(refusal),
        extraDeletes: this.extraRequests,
        refused: refused.length,
        refusedIds: refused.join(', '),
        deleted: this.take.length - survivors.size,
        failed: failed.length,
      }),
    );
  }
}

/** The words of the error behind a failed label, when Tower refused it. */
function detailOf(error: unknown): { detail?: string } {
  return isRefusal(error) ? { detail: refusalDetail(error) } : {};
}
