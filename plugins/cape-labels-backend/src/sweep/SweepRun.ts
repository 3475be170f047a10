import type { LoggerService } from '@backstage/backend-plugin-api';
import { stringifyError, toError } from '@backstage/errors';
import {
  type LabelOutcome,
  type PluginRunErrorCode,
  type RunRelations,
  type RunStatus,
  type RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { HolderUnreadableError, type HeldLabels } from '../cloudtower/holders';
import type {
  TowerClient,
  TowerClockReading,
  TowerLabel,
} from '../cloudtower/TowerClient';
import { sweptKeys, type SweepTuning, type TowerConfig } from '../config/types';
import type {
  LoginBackoff,
  NewRun,
  PendingBatchId,
  PendingDelete,
  RunStore,
  SweepRequest,
} from '../database/RunStore';
import { isRefusedLogin, TowerAuthError } from '../cloudtower/errors';
import { loginNote } from '../cloudtower/login';
import { HEARTBEAT_INTERVAL_MS } from '../database/liveness';
import { chunks } from '../lib/chunks';
import { plainValue } from '../lib/plainText';
import { withRetry } from '../lib/retry';
import {
  capBeforeCheck,
  classifyLive,
  classifyPage,
  describeHolder,
  inUse,
  isConfirmed,
  readClock,
  runPolicy,
  type HeldDeletion,
  type SweepPolicy,
  withoutHeld,
} from './decide';
import { GuardedDelete, type GuardedDeleteResult } from './GuardedDelete';
import { outcome } from './labelShape';
import type { SweepMetrics } from './metrics';
import type { RefusedLogins } from './RefusedLogins';
import { RunNotes, runNotes } from './runNotes';
import {
  errorOf,
  failedBeforeSweep,
  RunTally,
  type SweepResult,
} from './RunTally';
import type { SweeperHooks } from './sweeperHooks';

/** A Tower configured `dryRun` is always dry; a queued `request` is taken as the run is recorded. */
export type PlannedRun = Pick<NewRun, 'trigger' | 'requestedBy' | 'dryRun'> & {
  request?: SweepRequest;
};

export type SweeperSettings = {
  tower: TowerConfig;
  store: RunStore;
  logger: LoggerService;
  instance: string;
  instanceId?: string;
  /** A new client per run: each run logs in afresh and closes it at its end. */
  createClient: () => TowerClient;
  metrics?: SweepMetrics;
  tuning: SweepTuning;
  hooks: SweeperHooks;
  /** True once this backend is shutting down (an abort then is not the scheduler's). */
  shuttingDown: () => boolean;
  logins: RefusedLogins;
};

type RunStart = NewRun & {
  runId: string;
  /** Set when the run must not log in: Tower refused the logins before and the next is not due. */
  loginPause?: LoginBackoff;
};

const PROGRESS_INTERVAL_MS = 1000;

/** A skew worth a line in the log (below it, clocks are merely not identical). */
const NOTABLE_SKEW_MS = 60_000;

export class BatchPool {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly size: number) {}

  async waitForRoom(): Promise<void> {
    while (this.inFlight.size >= this.size) await Promise.race(this.inFlight);
  }

  /** Starts a batch (`work` never throws). */
  launch(work: () => Promise<void>): void {
    const task = work().finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }
}

// Keyset pages form a chain (each needs the last id of the one before): only asking for the next
// page while the current one is decided and recorded shortens it.
export async function* prefetched<T>(
  source: AsyncIterable<T>,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const result = await next;
      if (result.done) return;
      next = iterator.next();
      // If the consumer stops early, nobody awaits this one: its failure is not news.
      next.catch(() => undefined);
      yield result.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/** Follows docs/sweep-rules.md in order; Tower failures end up in the run's record, never thrown. */
export class SweepRun {
  private readonly tower: TowerConfig;
  private readonly client: TowerClient;
  private readonly notes: RunNotes;
  private readonly tally = new RunTally();
  private readonly store: RunStore;
  private lastProgressMs = 0;
  /** Whether the guarded delete repeats all of rule 4: not while a field of Label is read directly. */
  private guardSeesEveryRelation = false;
  /** True while candidates turn out in use despite their counters: the live check then goes first. */
  private candidatesInUse = true;
  private held?: { readAtMs: number; answer: Promise<HeldLabels> };
  private readonly unreadableNoted = new Set<string>();
  /** What this run deleted, batch by batch, for the check of holders at its end. */
  private readonly deletedByRun: LabelOutcome[][] = [];
  private readonly stopAsked = new AbortController();
  /** Stops the run before its next page or batch; requests already sent finish. */
  private readonly signal: AbortSignal;

  /** Records the run as started, and makes it; undefined if its request changed. */
  static async start(
    settings: SweeperSettings,
    planned: PlannedRun,
    signal: AbortSignal,
    loginPause?: LoginBackoff,
  ): Promise<SweepRun | undefined> {
    const { tower, store, logger } = settings;
    const dryRun = tower.dryRun || planned.dryRun;
    const record: NewRun = {
      towerId: tower.id,
      trigger: planned.trigger,
      requestedBy: planned.requestedBy,
      dryRun,
      instance: settings.instance,
      instanceId: settings.instanceId,
      startedAt: new Date(),
      settings: {
        minAge: tower.minAge.toISO() ?? 'PT0S',
        confirmAfter: tower.confirmAfter.toISO() ?? 'PT0S',
        maxDeletesPerRun: tower.maxDeletesPerRun,
        keys: sweptKeys(tower.resourcePrefix),
      },
    };
    const summary = planned.request
      ? await store.takeRequest(planned.request, record)
      : await store.createRun(record);
    if (!summary) return undefined;
    const start = { ...record, runId: summary.id, loginPause };
    const run = new SweepRun(settings, start, signal);
    run.progress(summary.status);
    logger.info(
      `Tower ${tower.id}: sweep ${summary.id} started (${planned.trigger}${dryRun ? ', dry run' : ''})`,
    );
    return run;
  }

  private constructor(
    private readonly settings: SweeperSettings,
    private readonly start: RunStart,
    taskSignal: AbortSignal,
  ) {
    this.signal = AbortSignal.any([taskSignal, this.stopAsked.signal]);
    this.tower = settings.tower;
    this.store = settings.store;
    this.client = settings.createClient();
    this.notes = new RunNotes(
      settings.logger,
      `Tower ${this.tower.id}: run ${this.runId}`,
    );
  }

  get runId(): string {
    return this.start.runId;
  }

  get stopped(): boolean {
    return this.stopAsked.signal.aborted;
  }

  async run(): Promise<RunSummary> {
    // Independent of Tower's pace: a page may take a whole request timeout.
    const heartbeat = setInterval(() => this.beat(), HEARTBEAT_INTERVAL_MS);
    let result: SweepResult;
    let heldDeletions: HeldDeletion[] = [];
    try {
      const skewMs = await this.readTowerClock();
      // Rule 4: every relation that can reference a label, or no sweep (the run fails).
      await this.readRelations();
      await this.recheckPendingDeletes().catch(error =>
        this.notes.add(
          runNotes.recheckFailed({ error: toError(error).message }),
        ),
      );
      result = await this.sweep(runPolicy(this.tower, this.start, skewMs));
      heldDeletions = await this.heldAfterDeletes();
    } catch (error) {
      result = failedBeforeSweep(error, this.signal.aborted);
    } finally {
      clearInterval(heartbeat);
      await this.client.close().catch(() => undefined);
    }
    // Aborted by the scheduler (`/cancel`, which any signed-in user may call, a timeout, a lost lease,
    // a stop) rather than by this backend's shutdown: the run gets a note and an auditor event.
    const cancelled =
      result.status === 'aborted' &&
      this.signal.aborted &&
      !this.settings.shuttingDown();
    let stoppedBy: string | undefined;
    if (cancelled) {
      stoppedBy = await this.store.stoppedBy(this.runId).catch(() => undefined);
      this.notes.add(
        stoppedBy
          ? runNotes.stopped({ by: stoppedBy })
          : runNotes.cancelledByScheduler(),
      );
    }
    const summary = await this.finish(result);
    if (cancelled) this.settings.hooks.onCancelled?.(summary, stoppedBy);
    if (heldDeletions.length) {
      this.settings.metrics?.recordHeldDeletions(
        summary.towerId,
        heldDeletions,
      );
      await this.warnOnFailure(
        this.settings.hooks.onHeldLabelsDeleted?.(summary, heldDeletions),
        'could not report deleted held labels',
      );
    }
    return summary;
  }

  /**
   * Also looks for a stop asked of any replica: the scheduler's cancel reaches a running task only
   * at its next liveness check, seconds in which the run would go on deleting.
   */
  private async beat(): Promise<void> {
    const stoppedBy = await this.store
      .heartbeat(this.runId, new Date())
      .catch(() => undefined);
    if (stoppedBy) this.stopAsked.abort();
  }

  /**
   * How far Tower's clock, which stamps `createdAt`, is ahead of ours, for the age cutoff; ours
   * when Tower sent no usable `Date` header. Logs in to read it: a failed login fails the run.
   */
  private async readTowerClock(): Promise<number> {
    const { runId, tower } = this;
    const { logger, tuning } = this.settings;
    const reading = await this.logIn();
    const { clock, effectiveSkewMs } = readClock(
      reading,
      Date.now(),
      tuning.maxClockAheadMs,
    );
    await withRetry(() => this.store.setRunClock(runId, clock));
    if (reading.source === 'local') {
      logger.warn(
        `Tower ${tower.id}: ${reading.reason}; run ${runId} takes its age cutoff on this backend's clock`,
      );
    } else if (clock.capped) {
      logger.warn(
        `Tower ${tower.id}: Tower's clock is ${clock.skewMs} ms ahead of ours, more than capeLabels.maxClockAhead (${tuning.maxClockAheadMs} ms); run ${runId} takes its age cutoff only that far ahead`,
      );
    } else if (Math.abs(clock.skewMs!) >= NOTABLE_SKEW_MS) {
      logger.info(
        `Tower ${tower.id}: Tower's clock is ${clock.skewMs} ms from ours; run ${runId} takes its age cutoff on Tower's clock`,
      );
    }
    return effectiveSkewMs;
  }

  /** The login, unless earlier refusals hold it back; a refusal backs the next off. */
  private async logIn(): Promise<TowerClockReading> {
    const { loginPause: pause } = this.start;
    if (pause) {
      const nextLoginAt = pause.nextLoginAt.toISOString();
      const error = new TowerAuthError(
        `not tried: Tower refused ${pause.refusals} login(s) in a row (${pause.lastCode}); the next is tried at ${nextLoginAt}, or at once on "Sweep now" or a change of the credentials`,
        { towerId: this.tower.id, operation: 'login', code: 'LOGIN_PAUSED' },
      );
      Object.assign(error.params, { refusals: pause.refusals, nextLoginAt });
      throw error;
    }
    const { logins } = this.settings;
    const reading = await this.client
      .readClock(this.signal)
      .catch(async error => {
        if (isRefusedLogin(error))
          await this.warnOnFailure(
            logins.refused(error.code).then(({ refusals, nextLoginAt }) =>
              this.notes.add(
                runNotes.loginRefusedBackoff({
                  refusals,
                  nextLoginAt: nextLoginAt.toISOString(),
                }),
              ),
            ),
            'could not record the refused login',
          );
        throw error;
      });
    const login = this.client.loginUsed();
    if (login?.method === 'password')
      await this.warnOnFailure(
        logins.succeeded(),
        'could not clear the refused logins',
      );
    const note = login && loginNote(login);
    if (note?.code) this.notes.keep(note);
    return reading;
  }

  private async warnOnFailure(
    work: Promise<unknown> | undefined,
    failed: string,
  ): Promise<void> {
    await work?.catch(error =>
      this.settings.logger.warn(
        `Tower ${this.tower.id}: ${failed}: ${stringifyError(error)}`,
      ),
    );
  }

  private async readRelations(): Promise<void> {
    const relations = await this.client.readLabelRelations(this.signal);
    this.guardSeesEveryRelation = relations.unfiltered.length === 0;
    const stored: Required<RunRelations> = {
      source: relations.source,
      checked: relations.fields,
      foundBy: relations.foundBy,
      readDirectly: relations.unfiltered.map(f => f.name),
      lackingBuiltIn: relations.lackingBuiltIn,
      beyondBuiltIn: relations.beyondBuiltIn,
    };
    await withRetry(() => this.store.setRunRelations(this.runId, stored));
    const notes = [
      [runNotes.relationsLackingBuiltIn, stored.lackingBuiltIn],
      [runNotes.relationsBeyondBuiltIn, stored.beyondBuiltIn],
      [runNotes.relationsReadDirectly, stored.readDirectly],
      [
        runNotes.relationsUnclear,
        relations.fields.filter(r => relations.foundBy[r] === 'unclear'),
      ],
    ] as const;
    for (const [note, names] of notes)
      if (names.length) this.notes.add(note({ relations: names.join(', ') }));
  }

  /** A label of an earlier unanswered delete that is now gone was deleted by that run. */
  private async recheckPendingDeletes(): Promise<void> {
    const { store, client, tower } = this;
    const pending = await withRetry(() => store.listPendingDeletes(tower.id));
    const existing = new Set<string>();
    for (const ids of chunks([...new Set(pending.map(p => p.label.labelId))])) {
      const found = await withRetry(() => client.readExistingIds(ids), 3, 250);
      found.forEach(id => existing.add(id));
    }
    const standing = (p: PendingDelete) => existing.has(p.label.labelId);
    for (const [runId, labels] of byRun(pending.filter(standing))) {
      const ids = labels.map(l => l.labelId);
      await withRetry(() => store.clearPendingDeletes(runId, ids));
    }
    for (const [runId, labels] of byRun(pending.filter(p => !standing(p)))) {
      const count = labels.length;
      const corrected = await withRetry(() =>
        store.recordLateDeletions(
          runId,
          labels,
          runNotes.lateDeletionsRecorded({ count, byRunId: this.runId }),
        ),
      );
      this.notes.add(
        corrected
          ? runNotes.lateDeletionsCorrected({ count, runId })
          : runNotes.lateDeletionsUnrecorded({
              count,
              runId,
              labelIds: labels.map(l => l.labelId).join(', '),
            }),
      );
      this.settings.hooks.onDeleted?.(runId, labels);
    }
  }

  private async sweep(policy: SweepPolicy): Promise<SweepResult> {
    const { tally, signal } = this;
    const maxDeletes = this.tower.maxDeletesPerRun;
    const batches = new BatchPool(this.settings.tuning.batchesInFlight);
    const confirming = policy.confirmCutoffMs !== undefined;
    // Rule 4 by the guard alone, unless a decision needs the live check before sending.
    const mustCheck =
      this.start.dryRun || confirming || !this.guardSeesEveryRelation;
    let capMayBind = false;
    // Once the cap may bind, it decides on checked orphans, after every batch reserved whole has
    // given back the slots of the labels it kept.
    const watchCap = async (labels: TowerLabel[]) => {
      if (
        mustCheck ||
        capMayBind ||
        tally.reserved + labels.length <= maxDeletes
      )
        return;
      capMayBind = true;
      await batches.settled();
    };
    let listedAll = false;
    try {
      const pages = this.client.listLabelPages(
        { keys: [...policy.keys] },
        { pageSize: this.settings.tuning.pageSize, signal },
      );
      for await (const page of prefetched(pages)) {
        const listed = classifyPage(page, policy);
        tally.listed(listed.scanned, listed.candidates.length);
        const unconfirmed = await this.unconfirmedOf(listed.candidates, policy);
        await watchCap(listed.candidates);
        const early = capBeforeCheck(tally.reserved, listed.candidates, {
          maxDeletes,
          confirming,
        });
        const kept = [...listed.kept, ...early.kept];
        if (kept.length) {
          // Beside the listing, as a batch: the next page must not wait for the store, whose
          // sweep writes are bounded per replica and queue behind this run's batches.
          await batches.waitForRoom();
          batches.launch(() =>
            this.record(kept).catch(error => tally.fail(errorOf(error))),
          );
        }
        if (early.take.length) {
          await batches.waitForRoom();
          // Aborted while waiting for a free slot: stop before the next batch (nothing sent for it).
          if (signal.aborted) break;
          await watchCap(early.take);
          const checked = mustCheck || capMayBind || this.candidatesInUse;
          if (!checked) tally.reserve(early.take, maxDeletes);
          batches.launch(() =>
            this.processBatch(policy, early.take, unconfirmed, checked),
          );
        }
        await this.writeProgress();
        if (tally.shouldStop(signal)) break;
      }
      listedAll = !tally.fatal && !signal.aborted;
    } catch (error) {
      if (!signal.aborted) tally.fail(errorOf(error));
    } finally {
      await batches.settled();
    }
    // Housekeeping after Tower was acted on: a database blip here must not lose the run's counts.
    if (listedAll)
      await withRetry(() =>
        this.store.pruneSightings(this.tower.id, this.start.startedAt),
      ).catch(error => this.storeFailed('could not prune sightings', error));
    return tally.result({ aborted: signal.aborted, maxDeletes });
  }

  private async unconfirmedOf(
    candidates: TowerLabel[],
    policy: SweepPolicy,
  ): Promise<ReadonlySet<string>> {
    if (policy.confirmCutoffMs === undefined || candidates.length === 0)
      return new Set();
    const ids = candidates.map(l => l.id);
    const firstSeen = await this.store.getSightings(this.tower.id, ids);
    const unconfirmed = new Set(
      ids.filter(id => !isConfirmed(firstSeen.get(id), policy)),
    );
    await this.store.addSightings(this.tower.id, ids, this.start.startedAt);
    return unconfirmed;
  }

  /**
   * Rules 4, 7, 5 and 8 for one batch; a failure fails what has no outcome yet (`failed`/`error`).
   * Never throws: a failure is counted on the tally, or makes the run fatal.
   */
  private async processBatch(
    policy: SweepPolicy,
    labels: TowerLabel[],
    unconfirmed: ReadonlySet<string>,
    checkFirst: boolean,
  ): Promise<void> {
    const { tally } = this;
    const results: LabelOutcome[] = [];
    let pending: PendingBatchId | undefined;
    let inDoubt: LabelOutcome[] = [];
    try {
      const { kept: held, free } = await this.keepHeld(labels);
      results.push(...held);
      let take = free;
      if (checkFirst) {
        const checked = await this.liveCheck(take, unconfirmed);
        results.push(...checked.kept);
        const orphans = await this.keepHeld(checked.orphans);
        const capped = tally.reserve(orphans.free, this.tower.maxDeletesPerRun);
        held.push(...orphans.kept);
        results.push(...orphans.kept, ...capped.kept);
        take = capped.take;
      }
      const deletion = await this.deleteOrPreview(policy, take);
      results.push(...deletion.outcomes);
      if (!checkFirst) tally.release([...held, ...deletion.outcomes]);
      pending = deletion.pending;
      inDoubt = deletion.inDoubt ?? [];
      // Held labels are invisible to the live check: they say nothing of the counters.
      this.candidatesInUse = results.some(o => !held.includes(o) && inUse(o));
      if (deletion.error !== undefined) {
        tally.batchFailed(deletion.error, true);
        if (!deletion.outcomes.some(o => o.action === 'deleted'))
          throw deletion.error;
      }
      tally.batchSucceeded();
    } catch (error) {
      const done = new Set(results.map(r => r.labelId));
      results.push(
        ...labels
          .filter(l => !done.has(l.id))
          .map(l => outcome(l, 'failed', 'error')),
      );
      tally.batchFailed(error);
    }
    try {
      await this.record(
        results.filter(o => !inDoubt.includes(o)),
        pending,
      );
      await this.record(inDoubt);
    } catch (error) {
      this.storeFailed('could not record outcomes', error);
      return;
    }
    const deleted = results.filter(r => r.action === 'deleted');
    if (deleted.length) {
      this.deletedByRun.push(deleted);
      this.settings.hooks.onDeleted?.(this.runId, deleted);
    }
  }

  /** One read of the holders, shared by the batches that need it, at most `holdersMaxAge` old. */
  private async keepHeld(
    labels: TowerLabel[],
  ): Promise<{ free: TowerLabel[]; kept: LabelOutcome[] }> {
    if (labels.length === 0) return { free: labels, kept: [] };
    const now = performance.now();
    if (
      !this.held ||
      now - this.held.readAtMs > this.settings.tuning.holdersMaxAgeMs
    ) {
      const answer = this.readHeld(this.signal);
      this.held = { readAtMs: now, answer };
      answer.catch(() => {
        if (this.held?.answer === answer) this.held = undefined;
      });
    }
    return withoutHeld(labels, (await this.held.answer).byLabel);
  }

  private async readHeld(signal?: AbortSignal): Promise<HeldLabels> {
    try {
      return await this.client.readHeldLabels({
        pageSize: this.settings.tuning.pageSize,
        signal,
      });
    } catch (error) {
      if (
        error instanceof HolderUnreadableError &&
        !this.unreadableNoted.has(error.holder)
      ) {
        this.unreadableNoted.add(error.holder);
        this.notes.add(
          runNotes.holderUnreadable({
            holder: error.holder,
            error: error.message,
          }),
        );
      }
      throw error;
    }
  }

  /** A holder may begin to name a label between our last read and its delete: read them again. */
  private async heldAfterDeletes(): Promise<HeldDeletion[]> {
    if (this.deletedByRun.length === 0) return [];
    // Also after a stop: what was deleted is worth checking.
    const held = await this.readHeld().catch((error: unknown) => {
      if (!(error instanceof HolderUnreadableError))
        this.notes.add(
          runNotes.heldCheckFailed({ error: toError(error).message }),
        );
    });
    if (!held) return [];
    const found: HeldDeletion[] = [];
    for (const { labelId, key, value } of this.deletedByRun.flat()) {
      const holder = held.byLabel.get(labelId);
      if (!holder) continue;
      found.push({ labelId, key, value, holder });
      this.notes.add(
        runNotes.heldLabelDeleted({
          labelId,
          key,
          value: plainValue(value) ?? '',
          holder: describeHolder(holder),
        }),
        'error',
      );
    }
    return found;
  }

  /** Unconfirmed candidates too: a reference their counter hides restarts their confirmation. */
  private async liveCheck(
    labels: TowerLabel[],
    unconfirmed: ReadonlySet<string>,
  ): Promise<{ orphans: TowerLabel[]; kept: LabelOutcome[] }> {
    const states = await this.client.checkLabels(labels.map(l => l.id));
    const live = new Map(states.map(s => [s.id, s]));
    const orphans: TowerLabel[] = [];
    const kept: LabelOutcome[] = [];
    for (const label of labels) {
      const verdict = classifyLive(live.get(label.id));
      if (!verdict.candidate)
        kept.push(outcome(label, 'kept', verdict.reason, verdict));
      else if (unconfirmed.has(label.id))
        kept.push(outcome(label, 'kept', 'unconfirmed'));
      else orphans.push(label);
    }
    return { orphans, kept };
  }

  private async deleteOrPreview(
    policy: SweepPolicy,
    take: TowerLabel[],
  ): Promise<GuardedDeleteResult> {
    if (this.start.dryRun)
      return { outcomes: take.map(l => outcome(l, 'would-delete')) };
    if (take.length === 0) return { outcomes: [] };
    return new GuardedDelete({
      ...this.settings,
      runId: this.runId,
      client: this.client,
      notes: this.notes,
      signal: this.signal,
      policy,
    }).delete(take);
  }

  /** Throws when the outcomes cannot be written: the run must stop rather than act unrecorded. */
  private async record(
    outcomes: LabelOutcome[],
    settles?: PendingBatchId,
  ): Promise<void> {
    if (outcomes.length === 0) return;
    await withRetry(() =>
      this.store.addOutcomes(this.runId, outcomes, settles),
    );
    this.tally.count(outcomes);
  }

  /** At most once a second. A courtesy: a failed write is ignored, and not announced. */
  private async writeProgress(): Promise<void> {
    if (Date.now() - this.lastProgressMs < PROGRESS_INTERVAL_MS) return;
    this.lastProgressMs = Date.now();
    await this.store.updateRunCounts(this.runId, { ...this.tally.counts }).then(
      () => this.progress('running'),
      () => undefined,
    );
  }

  private progress(status: RunStatus): void {
    this.settings.hooks.onProgress?.({
      runId: this.runId,
      towerId: this.tower.id,
      status,
    });
  }

  private storeFailed(failed: string, error: unknown): void {
    this.tally.fail({
      message: `${failed}: ${toError(error).message}`,
      code: 'STORE_FAILED' satisfies PluginRunErrorCode,
    });
  }

  private async finish(result: SweepResult): Promise<RunSummary> {
    const summary = await withRetry(() =>
      this.store.finishRun(this.runId, {
        ...result,
        finishedAt: new Date(),
        notes: this.notes.list(),
      }),
    );
    this.progress(summary.status);
    this.settings.metrics?.recordRun(summary, result.keptByReason);
    const c = summary.counts;
    const reasons = [...result.keptByReason]
      .map(([r, n]) => `${r} ${n}`)
      .join(', ');
    const line = `Tower ${summary.towerId}: sweep ${summary.id} ${summary.status} in ${summary.durationMs} ms: scanned ${c.scanned}, candidates ${c.candidates}, deleted ${c.deleted}, kept ${c.kept}${reasons ? ` (${reasons})` : ''}, failed ${c.failed}`;
    if (summary.status === 'succeeded') this.settings.logger.info(line);
    else
      this.settings.logger.warn(
        `${line}${summary.error ? ` (${summary.error.message})` : ''}`,
      );
    await this.warnOnFailure(
      this.store.pruneRuns(this.tower.id, this.settings.tuning.retention),
      'could not prune old runs',
    );
    await this.warnOnFailure(
      this.settings.hooks.onRunCompleted?.(summary, result.keptByReason),
      'after-run work failed',
    );
    return summary;
  }
}

function byRun(pending: PendingDelete[]): Map<string, LabelOutcome[]> {
  const runs = new Map<string, LabelOutcome[]>();
  for (const p of pending) {
    const labels = runs.get(p.runId) ?? [];
    labels.push(p.label);
    runs.set(p.runId, labels);
  }
  return runs;
}
