import type { SchedulerServiceTaskScheduleDefinition } from '@backstage/backend-plugin-api';
import type { TowerScheduleRules } from '@smartx-cape/plugin-cape-labels-common';
import { CronTime } from 'cron';
import type { HumanDuration } from '@backstage/types';
import { DateTime, Duration } from 'luxon';
import { createHash } from 'node:crypto';
import type { CapeLabelsConfig } from '../config/types';

/**
 * A Tower's configured schedule, reduced to what decides when a sweep is due. `offset` is the
 * Tower's place in the start spread: a frequency's first start and every cron time move by it.
 */
export type SweepSchedule =
  | { kind: 'every'; every: Duration; initialDelay: Duration; offset: Duration }
  | { kind: 'cron'; cron: CronTime; offset: Duration }
  | { kind: 'manual' };

/**
 * How far the scheduler may start a tick before or after the time we compute: its workers
 * look for due tasks every 5 s (less for shorter frequencies), it starts a cron task's first
 * run 1 s early, and our clock and the database's differ a little.
 */
export const DUE_SLACK = Duration.fromObject({ seconds: 10 });

const toDuration = (value: Duration | HumanDuration = {}) =>
  Duration.fromDurationLike(value);

export function sweepSchedule(
  definition: SchedulerServiceTaskScheduleDefinition,
  offset: Duration = Duration.fromMillis(0),
): SweepSchedule {
  const { frequency } = definition;
  if ('cron' in frequency) {
    // No time zone: Backstage's scheduler reads cron in the process's zone too.
    return { kind: 'cron', cron: new CronTime(frequency.cron), offset };
  }
  if ('trigger' in frequency) return { kind: 'manual' };
  return {
    kind: 'every',
    every: toDuration(frequency),
    initialDelay: toDuration(definition.initialDelay).plus(offset),
    offset,
  };
}

/**
 * A hash of the Tower's id: the same on every replica and after every restart, and shorter than
 * the schedule's period so that a Tower never skips a time.
 */
export function spreadOffset(
  towerId: string,
  definition: SchedulerServiceTaskScheduleDefinition,
  window: Duration = Duration.fromMillis(0),
): Duration {
  const schedule = sweepSchedule(definition);
  if (schedule.kind === 'manual') return Duration.fromMillis(0);
  const period =
    schedule.kind === 'every' ? schedule.every : cronPeriod(schedule.cron);
  const span = Math.min(window.as('milliseconds'), period.as('milliseconds'));
  const hash = createHash('sha256').update(towerId).digest().readUInt32BE(0);
  return Duration.fromMillis(Math.floor((hash / 2 ** 32) * Math.max(span, 0)));
}

const CROWD_SPREAD = Duration.fromObject({ minutes: 5 });

/**
 * The start-spread window of each Tower: the configured one for all. Unconfigured, a Tower keeps
 * its configured start, unless more Towers share that first start (the same initial delay, or
 * the same cron) than a replica runs at once: those are spread over `CROWD_SPREAD`.
 */
export function startSpreads(config: CapeLabelsConfig): Map<string, Duration> {
  const firstStart = (definition: SchedulerServiceTaskScheduleDefinition) => {
    const schedule = sweepSchedule(definition);
    if (schedule.kind === 'every')
      return `after ${schedule.initialDelay.toMillis()}`;
    return schedule.kind === 'cron'
      ? `cron ${String(schedule.cron.source)}`
      : 'manual';
  };
  const starts = config.towers.map(({ schedule }) => firstStart(schedule));
  return new Map(
    config.towers.map(({ id }, i) => {
      if (config.startSpread) return [id, config.startSpread];
      const sharing = starts.filter(start => start === starts[i]).length;
      const crowded = sharing > config.maxConcurrentSweeps;
      return [id, crowded ? CROWD_SPREAD : Duration.fromMillis(0)];
    }),
  );
}

/** The shortest gap between the cron's next few times: what an offset must stay below. */
function cronPeriod(cron: CronTime): Duration {
  const times = cron.sendAt(8).map(t => t.toMillis());
  const gaps = times.slice(1).map((t, i) => t - times[i]);
  return Duration.fromMillis(Math.min(...gaps));
}

export function spreadDefinition(
  definition: SchedulerServiceTaskScheduleDefinition,
  schedule: SweepSchedule,
): SchedulerServiceTaskScheduleDefinition {
  return schedule.kind === 'every'
    ? { ...definition, initialDelay: schedule.initialDelay }
    : definition;
}

/** With no anchor (no scheduled sweep finished yet), counts from the task's registration. */
function nextDueAt(
  schedule: SweepSchedule,
  anchor: Date | undefined,
  registeredAt: Date,
): DateTime | undefined {
  if (schedule.kind === 'manual') return undefined;
  if (schedule.kind === 'every') {
    return anchor
      ? DateTime.fromJSDate(anchor).plus(schedule.every)
      : DateTime.fromJSDate(registeredAt).plus(schedule.initialDelay);
  }
  // A tick starts up to the slack after its (moved) cron time: that time is the anchor's own.
  const from = anchor
    ? DateTime.fromJSDate(anchor).minus(schedule.offset).plus(DUE_SLACK)
    : DateTime.fromJSDate(registeredAt);
  return nextCronTime(schedule.cron, from).plus(schedule.offset);
}

/** The cron's first time after `after` (cron brings its own copy of luxon: cross by millis). */
function nextCronTime(cron: CronTime, after: DateTime): DateTime {
  return DateTime.fromMillis(
    cron.getNextDateFrom(after.toJSDate()).toMillis(),
  ).toUTC();
}

export function isDue(
  schedule: SweepSchedule,
  anchor: Date | undefined,
  registeredAt: Date,
  now: Date,
): boolean {
  const due = nextDueAt(schedule, anchor, registeredAt);
  return due !== undefined && due <= DateTime.fromJSDate(now).plus(DUE_SLACK);
}

/** Until the Tower's moved time, a cron tick started before it gives its lease back; else undefined. */
export function spreadStartAt(
  schedule: SweepSchedule,
  anchor: Date | undefined,
  registeredAt: Date,
  now: Date,
): Date | undefined {
  if (schedule.kind !== 'cron') return undefined;
  const due = nextDueAt(schedule, anchor, registeredAt);
  const latest = DateTime.fromJSDate(now).plus(DUE_SLACK);
  const early = due && due > latest && due.minus(schedule.offset) <= latest;
  return early ? due.toJSDate() : undefined;
}

/**
 * When the scheduler will next start the task, mirroring its rule: a frequency counts from the
 * start of the last run (any trigger) but never before it ended; a cron time comes after the end.
 */
export function nextRunAt(
  schedule: SweepSchedule,
  lastRun: { startedAt: string; finishedAt: string | null } | undefined,
  registeredAt: Date,
  now: Date,
): string | null {
  if (schedule.kind === 'manual') return null;
  const ended = lastRun?.finishedAt
    ? DateTime.fromISO(lastRun.finishedAt)
    : DateTime.fromJSDate(now);
  let next: DateTime;
  if (schedule.kind === 'cron') {
    next = nextCronTime(schedule.cron, ended).plus(schedule.offset);
  } else if (lastRun) {
    next = DateTime.max(
      DateTime.fromISO(lastRun.startedAt).plus(schedule.every),
      ended,
    );
  } else {
    next = DateTime.fromJSDate(registeredAt).plus(schedule.initialDelay);
  }
  return next.toUTC().toISO();
}

export function scheduleRules(
  definition: SchedulerServiceTaskScheduleDefinition,
): TowerScheduleRules {
  const iso = (value?: Duration | HumanDuration) =>
    toDuration(value).toISO() ?? 'PT0S';
  const { timeout, initialDelay } = definition;
  const schedule = sweepSchedule(definition);
  const rules: TowerScheduleRules = { timeout: iso(timeout) };
  if (schedule.kind === 'cron') rules.cron = String(schedule.cron.source);
  if (schedule.kind === 'every') rules.frequency = iso(schedule.every);
  if (initialDelay !== undefined) rules.initialDelay = iso(initialDelay);
  return rules;
}
