import type {
  SchedulerService,
  SchedulerServiceTaskScheduleDefinition,
} from '@backstage/backend-plugin-api';
import type { Duration } from 'luxon';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TowerConfig } from '../config/types';
import { HEARTBEAT_INTERVAL_MS, LOST_AFTER_MS } from '../database/liveness';
import {
  isDue,
  spreadDefinition,
  spreadOffset,
  spreadStartAt,
  sweepSchedule,
  type SweepSchedule,
} from './schedule';
import { RefusedLogins } from './RefusedLogins';
import { SweepRun, type PlannedRun, type SweeperSettings } from './SweepRun';
import type { TaskRestarts } from './TaskTriggers';

/** `replica-full` retries at once, for a replica with a free slot; `in-line` waits for its kept slot. */
type TaskOutcome =
  | { handedBack: false }
  | {
      handedBack: true;
      reason: 'replica-full' | 'spread' | 'previous-run' | 'login-backoff';
      retryAt: Date;
    }
  | { handedBack: true; reason: 'in-line' };

const RAN: TaskOutcome = { handedBack: false };

export type TowerSweeperOptions = Omit<
  SweeperSettings,
  'shuttingDown' | 'logins'
> & {
  /** This replica's sweep slots, shared by its Towers (default: no bound). */
  slots?: SweepSlots;
  /** The window of the Tower's stable start offset (`capeLabels.startSpread`; default none). */
  startSpread?: Duration;
};

/**
 * A due scheduled sweep runs first, so a pending preview cannot take its place. A start neither
 * due nor requested came from the scheduler's own trigger endpoint, which checks no permission of
 * ours: it only previews.
 */
export function planTick(input: {
  due: boolean;
  requests: PlannedRun[];
}): PlannedRun[] {
  const { due, requests } = input;
  if (due) return [{ trigger: 'schedule', dryRun: false }, ...requests];
  if (requests.length) return requests;
  return [{ trigger: 'external', dryRun: true }];
}

/** Between a Tower's last run start and an unasked preview: anyone signed in can start one. */
export const EXTERNAL_START_GAP_MS = 5 * 60_000;

/** The scheduler claims a triggered task at its next look at its table, every 5 s at most. */
const KEPT_SLOT_MS = 8_000;

/**
 * Long enough for short sweeps ahead to take their turns, and shorter than a request's patience
 * with a held lease (`triggerRequest`), so a request that comes meanwhile still gets its start.
 */
const LINE_WAIT_MS = 4_000;

type InLine = {
  claimant: SlotClaimant;
  handOver?: (release: () => void) => void;
};

type SlotClaimant = {
  readonly taskId: string;
  /** Whether a start of the Tower's task is still owed (another replica may have swept it). */
  owesStart(): Promise<boolean>;
  startNow(): void;
};

/** A taken slot's release, or, without a free slot, whether the Tower has just joined the line. */
export type SlotAnswer =
  { taken: true; release: () => void } | { taken: false; joinedLine: boolean };

/**
 * A task that finds every slot taken waits in the line at most `LINE_WAIT_MS`, then gives its
 * lease back so another replica may take the Tower up; the Tower keeps its place. A freed slot goes
 * to the first in line, or is kept for it while its task is started, until `KEPT_SLOT_MS` passes.
 */
export class SweepSlots {
  private inUse = 0;
  private readonly line: InLine[] = [];
  private readonly kept = new Map<string, NodeJS.Timeout>();

  constructor(readonly size: number) {}

  async take(claimant: SlotClaimant, signal: AbortSignal): Promise<SlotAnswer> {
    clearTimeout(this.kept.get(claimant.taskId));
    if (this.kept.delete(claimant.taskId) || this.free() > 0)
      return { taken: true, release: this.use() };
    const inLine = this.line.find(p => p.claimant.taskId === claimant.taskId);
    const place = inLine ?? { claimant };
    if (!inLine) this.line.push(place);
    const release = await this.waitInLine(place, signal);
    return release
      ? { taken: true, release }
      : { taken: false, joinedLine: !inLine };
  }

  private waitInLine(
    place: InLine,
    signal: AbortSignal,
  ): Promise<(() => void) | undefined> {
    return new Promise(resolve => {
      const waited = AbortSignal.any([
        signal,
        AbortSignal.timeout(LINE_WAIT_MS),
      ]);
      const giveUp = () => {
        place.handOver = undefined;
        resolve(undefined);
      };
      place.handOver = release => {
        waited.removeEventListener('abort', giveUp);
        place.handOver = undefined;
        resolve(release);
      };
      if (waited.aborted) giveUp();
      else waited.addEventListener('abort', giveUp, { once: true });
    });
  }

  private free(): number {
    return this.size - this.inUse - this.kept.size;
  }

  private use(): () => void {
    this.inUse++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse--;
      this.offerFreeSlots();
    };
  }

  private offerFreeSlots(): void {
    while (this.free() > 0 && this.line.length > 0) {
      const first = this.line.shift()!;
      if (first.handOver) first.handOver(this.use());
      else this.keepFor(first.claimant);
    }
  }

  private keepFor(claimant: SlotClaimant): void {
    const { taskId } = claimant;
    const timer = setTimeout(() => this.passOn(taskId, timer), KEPT_SLOT_MS);
    timer.unref();
    this.kept.set(taskId, timer);
    claimant.owesStart().then(
      owed => (owed ? claimant.startNow() : this.passOn(taskId, timer)),
      // Unknown whether it is owed: started anyway, its start asks again.
      () => claimant.startNow(),
    );
  }

  private passOn(taskId: string, timer: NodeJS.Timeout): void {
    if (this.kept.get(taskId) !== timer) return;
    clearTimeout(timer);
    this.kept.delete(taskId);
    this.offerFreeSlots();
  }
}

const noSlot: SlotAnswer = { taken: true, release: () => undefined };

/**
 * The only code that sweeps one Tower in this process. The scheduler's lease makes a tick
 * exclusive across replicas; the queue keeps this process's work on the Tower one at a time.
 */
export class TowerSweeper implements SlotClaimant {
  /** This process's work on the Tower, one at a time; never rejects. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly stopping = new AbortController();
  /** Ends the start of the task in progress (the queue runs one at a time). */
  private tickStopped = new AbortController();
  readonly tower: TowerConfig;
  readonly taskId: string;
  readonly schedule: SweepSchedule;
  readonly taskSchedule: SchedulerServiceTaskScheduleDefinition;
  readonly registeredAt = new Date();
  private readonly settings: SweeperSettings;
  readonly logins: RefusedLogins;
  private restarts?: TaskRestarts;

  constructor(private readonly options: TowerSweeperOptions) {
    const { slots, startSpread, ...given } = options;
    const { tower } = options;
    this.tower = tower;
    this.taskId = `cape-labels:sweep:${tower.id}`;
    const offset = spreadOffset(tower.id, tower.schedule, startSpread);
    this.schedule = sweepSchedule(tower.schedule, offset);
    this.taskSchedule = spreadDefinition(tower.schedule, this.schedule);
    this.logins = new RefusedLogins(options);
    this.settings = {
      ...given,
      shuttingDown: () => this.stopping.signal.aborted,
      logins: this.logins,
    };
  }

  /** Stops the sweep in progress so its run is recorded `aborted`, not left to the lease timeout. */
  async shutdown(): Promise<void> {
    this.stopping.abort();
    await this.queue;
  }

  async scheduleTask(
    scheduler: Pick<SchedulerService, 'scheduleTask'>,
    restarts: TaskRestarts,
  ): Promise<void> {
    this.restarts = restarts;
    await scheduler.scheduleTask({
      id: this.taskId,
      ...this.taskSchedule,
      scope: 'global',
      fn: async signal => {
        const outcome = await this.runTask(signal);
        if (!outcome.handedBack || outcome.reason === 'in-line') return;
        this.options.logger.debug(
          `Tower ${this.tower.id}: lease given back (${outcome.reason}), starting again at ${outcome.retryAt.toISOString()}`,
        );
        this.restartAt(outcome.retryAt);
      },
    });
  }

  runTask(taskSignal: AbortSignal): Promise<TaskOutcome> {
    const outcome = this.queue.then(async (): Promise<TaskOutcome> => {
      this.tickStopped = new AbortController();
      const signal = AbortSignal.any([
        taskSignal,
        this.stopping.signal,
        this.tickStopped.signal,
      ]);
      if (signal.aborted) return RAN;
      const slot = (await this.options.slots?.take(this, signal)) ?? noSlot;
      if (!slot.taken) {
        return slot.joinedLine
          ? { handedBack: true, reason: 'replica-full', retryAt: new Date() }
          : { handedBack: true, reason: 'in-line' };
      }
      try {
        return await this.runTick(signal);
      } finally {
        slot.release();
      }
    });
    this.queue = outcome.catch(() => undefined);
    return outcome;
  }

  private async runTick(signal: AbortSignal): Promise<TaskOutcome> {
    const { store, tower } = this.options;
    if (!(await this.previousRunEnded(signal))) {
      if (signal.aborted) return RAN;
      return { handedBack: true, reason: 'previous-run', retryAt: new Date() };
    }
    const requests = await this.abortLostRuns();
    const anchor = await store.lastScheduledStart(tower.id);
    const now = new Date();
    const due = isDue(this.schedule, anchor, this.registeredAt, now);
    const queued = await store.nextRequest(tower.id);
    if (queued) requests.push({ ...queued, request: queued });
    const later = requests.length
      ? undefined
      : spreadStartAt(this.schedule, anchor, this.registeredAt, now);
    if (!due && later)
      return { handedBack: true, reason: 'spread', retryAt: later };
    let retryAt: Date | undefined;
    const plan = planTick({ due, requests });
    for (const [i, planned] of plan.entries()) {
      const allowed =
        planned.trigger !== 'external' || (await this.externalPreviewAllowed());
      const heldUntil = allowed
        ? await this.sweep(planned, signal, plan.slice(i + 1))
        : undefined;
      if (planned.trigger === 'schedule') retryAt = heldUntil;
    }
    while (!signal.aborted) {
      const request = await store.nextRequest(tower.id);
      if (!request) break;
      await this.sweep({ ...request, request }, signal);
    }
    if (!retryAt) return RAN;
    return { handedBack: true, reason: 'login-backoff', retryAt };
  }

  /** Whether no run of the Tower is alive, waiting a while: a stopped run frees the lease before it ends. */
  private async previousRunEnded(signal: AbortSignal): Promise<boolean> {
    const { store, tower, tuning } = this.options;
    // A stopped run's last batch: its delete, survivor reads and settle window, or going silent.
    const deadline =
      Date.now() +
      tuning.settleMs +
      2 * tuning.requestTimeoutMs +
      LOST_AFTER_MS;
    while ((await store.runningTowers([tower.id])).has(tower.id)) {
      if (signal.aborted || Date.now() >= deadline) return false;
      await sleep(HEARTBEAT_INTERVAL_MS, undefined, { signal }).catch(
        () => undefined,
      );
    }
    return true;
  }

  startNow(): void {
    this.restartAt(new Date());
  }

  private restartAt(at: Date): void {
    this.restarts?.restartAt(this.taskId, at, () => this.owesStart());
  }

  async owesStart(): Promise<boolean> {
    const { store, tower } = this.options;
    const anchor = await store.lastScheduledStart(tower.id);
    return (
      isDue(this.schedule, anchor, this.registeredAt, new Date()) ||
      (await store.nextRequest(tower.id)) !== undefined
    );
  }

  /** Returns the latest permitted request among them; a lost scheduled sweep is owed anyway. */
  private async abortLostRuns(): Promise<PlannedRun[]> {
    const { store, tower, logger } = this.options;
    const lost = await store.abortLostRuns(tower.id, new Date());
    if (lost.length > 0) {
      logger.warn(
        `Tower ${tower.id}: marked ${lost.length} run(s) of a lost replica as aborted`,
      );
    }
    return lost
      .filter(run => run.trigger === 'manual' || run.trigger === 'event')
      .slice(-1);
  }

  /** An unasked start previews at most once per `EXTERNAL_START_GAP_MS`; it is logged either way. */
  private async externalPreviewAllowed(): Promise<boolean> {
    const { store, tower, logger } = this.options;
    const last = (await store.lastRuns([tower.id])).get(tower.id);
    const sinceMs = last ? Date.now() - Date.parse(last.startedAt) : Infinity;
    const started = `Tower ${tower.id}: task started while no sweep was due and no request was pending (the scheduler's trigger endpoint?)`;
    const allowed = sinceMs >= EXTERNAL_START_GAP_MS;
    logger.warn(
      allowed
        ? `${started}: preview only`
        : `${started}, ${Math.max(0, Math.round(sinceMs / 1000))} s after the last run started: nothing run (at most one such preview per ${EXTERNAL_START_GAP_MS / 60_000} minutes)`,
    );
    return allowed;
  }

  /**
   * While refused logins hold the next back, scheduled and unasked starts record no run (not one
   * per tick); a user's request logs in at once. A run claims the requests queued after it, so a
   * start elsewhere takes them if this replica dies. Returns the next login's time if held back.
   */
  private async sweep(
    planned: PlannedRun,
    signal: AbortSignal,
    after: PlannedRun[] = [],
  ): Promise<Date | undefined> {
    const pause =
      planned.trigger === 'manual' ? undefined : await this.logins.pausing();
    if (
      pause &&
      (planned.trigger === 'schedule' || planned.trigger === 'external')
    ) {
      this.options.logger.info(
        `Tower ${this.tower.id}: ${planned.trigger} start not run: Tower refused ${pause.refusals} login(s) in a row, the next is tried at ${pause.nextLoginAt.toISOString()}`,
      );
      return pause.nextLoginAt;
    }
    const run = await SweepRun.start(this.settings, planned, signal, pause);
    if (!run) return undefined;
    for (const next of after) {
      // A request another start took meanwhile stays as read: taking it fails.
      if (
        next.request &&
        (await this.options.store.claimRequest(next.request, run.runId))
      )
        next.request = { ...next.request, claimedBy: run.runId };
    }
    await run.run();
    // A stop asked through the plugin ends this start of the task with the run, as the
    // scheduler's cancel sent with it would at its next liveness check.
    if (run.stopped) this.tickStopped.abort();
    return undefined;
  }
}
