import { Duration } from 'luxon';
import {
  DUE_SLACK,
  isDue,
  nextRunAt,
  spreadDefinition,
  spreadOffset,
  spreadStartAt,
  sweepSchedule,
} from './schedule';
import { DAY, HOUR, MINUTE } from '../__testUtils__/time';

const T = Date.parse('2026-12-01T03:00:00.000Z');
const at = (ms: number) => new Date(T + ms);
const SLACK = DUE_SLACK.as('milliseconds');

describe('sweepSchedule', () => {
  it('reads frequency, cron and manual schedules', () => {
    expect(
      sweepSchedule({ frequency: { hours: 2 }, timeout: { minutes: 5 } }),
    ).toMatchObject({ kind: 'every' });
    expect(
      sweepSchedule({
        frequency: Duration.fromObject({ minutes: 3 }),
        timeout: { minutes: 5 },
      }),
    ).toMatchObject({ kind: 'every' });
    expect(
      sweepSchedule({
        frequency: { cron: '0 3 * * *' },
        timeout: { minutes: 5 },
      }).kind,
    ).toBe('cron');
    expect(
      sweepSchedule({
        frequency: { trigger: 'manual' },
        timeout: { minutes: 5 },
      }),
    ).toEqual({ kind: 'manual' });
  });
});

describe('isDue: a frequency', () => {
  const every2h = sweepSchedule({
    frequency: { hours: 2 },
    timeout: { minutes: 5 },
    initialDelay: { minutes: 1 },
  });

  it('is due one period after the last scheduled sweep started, within the slack', () => {
    const anchor = at(0);
    expect(isDue(every2h, anchor, at(-HOUR), at(2 * HOUR))).toBe(true);
    expect(isDue(every2h, anchor, at(-HOUR), at(2 * HOUR - SLACK))).toBe(true);
    expect(isDue(every2h, anchor, at(-HOUR), at(2 * HOUR - SLACK - 1))).toBe(
      false,
    );
    expect(isDue(every2h, anchor, at(-HOUR), at(30 * MINUTE))).toBe(false);
    // Owed and not yet done: stays due however late.
    expect(isDue(every2h, anchor, at(-HOUR), at(9 * HOUR))).toBe(true);
  });

  it('counts a fresh schedule from registration plus the initial delay', () => {
    expect(isDue(every2h, undefined, at(0), at(MINUTE))).toBe(true);
    expect(isDue(every2h, undefined, at(0), at(MINUTE - SLACK - 1))).toBe(
      false,
    );
  });
});

describe('isDue: a cron', () => {
  const daily3am = sweepSchedule({
    frequency: { cron: '0 3 * * *' },
    timeout: { minutes: 5 },
  });
  // The test process may run in any zone: take "03:00" in it.
  const local3am = new Date(T);
  local3am.setHours(3, 0, 0, 0);
  const t3 = local3am.getTime();

  it('is due at a cron time no scheduled sweep has started after', () => {
    const yesterday = new Date(t3 - DAY + 2000);
    expect(isDue(daily3am, yesterday, new Date(0), new Date(t3))).toBe(true);
    // The scheduler starts the first cron run 1 s early.
    expect(isDue(daily3am, yesterday, new Date(0), new Date(t3 - 1000))).toBe(
      true,
    );
    expect(isDue(daily3am, yesterday, new Date(0), new Date(t3 - HOUR))).toBe(
      false,
    );
  });

  it('is not due again after the sweep of that cron time, even one that started 1 s early', () => {
    const started = new Date(t3 - 1000);
    expect(isDue(daily3am, started, new Date(0), new Date(t3 + 7 * HOUR))).toBe(
      false,
    );
    expect(isDue(daily3am, started, new Date(0), new Date(t3 + DAY))).toBe(
      true,
    );
  });

  it('counts a fresh cron schedule from registration', () => {
    const registered = new Date(t3 + HOUR);
    expect(
      isDue(daily3am, undefined, registered, new Date(t3 + 5 * HOUR)),
    ).toBe(false);
    expect(isDue(daily3am, undefined, registered, new Date(t3 + DAY))).toBe(
      true,
    );
  });
});

describe('isDue: manual', () => {
  it('is never due', () => {
    const manual = sweepSchedule({
      frequency: { trigger: 'manual' },
      timeout: { minutes: 5 },
    });
    expect(isDue(manual, undefined, at(0), at(365 * DAY))).toBe(false);
  });
});

describe('nextRunAt mirrors the scheduler', () => {
  const every2h = sweepSchedule({
    frequency: { hours: 2 },
    timeout: { minutes: 5 },
    initialDelay: { minutes: 1 },
  });

  it('counts a frequency from the last run start, never before its end', () => {
    const short = {
      startedAt: at(0).toISOString(),
      finishedAt: at(MINUTE).toISOString(),
    };
    expect(nextRunAt(every2h, short, at(-HOUR), at(5 * MINUTE))).toBe(
      at(2 * HOUR).toISOString(),
    );
    const long = {
      startedAt: at(0).toISOString(),
      finishedAt: at(3 * HOUR).toISOString(),
    };
    expect(nextRunAt(every2h, long, at(-HOUR), at(4 * HOUR))).toBe(
      at(3 * HOUR).toISOString(),
    );
    expect(nextRunAt(every2h, undefined, at(0), at(0))).toBe(
      at(MINUTE).toISOString(),
    );
  });

  it('is null for a manual schedule', () => {
    const manual = sweepSchedule({
      frequency: { trigger: 'manual' },
      timeout: { minutes: 5 },
    });
    expect(nextRunAt(manual, undefined, at(0), at(0))).toBeNull();
  });
});

describe('the start spread', () => {
  const every20s = {
    frequency: { seconds: 20 },
    timeout: { minutes: 1 },
    initialDelay: { seconds: 5 },
  };
  const dailyCron = {
    frequency: { cron: '0 3 * * *' },
    timeout: { minutes: 5 },
  };
  const window = Duration.fromObject({ minutes: 5 });
  const ids = Array.from({ length: 40 }, (_, i) => `tower-${i}`);

  it('gives each Tower a stable offset within the window and below the period', () => {
    const offsets = ids.map(id => spreadOffset(id, dailyCron, window));
    expect(offsets.map(o => o.toMillis())).toEqual(
      ids.map(id => spreadOffset(id, dailyCron, window).toMillis()),
    );
    expect(offsets.every(o => o.toMillis() >= 0 && o < window)).toBe(true);
    // 40 Towers on one daily cron start in (nearly) 40 different seconds.
    expect(
      new Set(offsets.map(o => Math.floor(o.as('seconds')))).size,
    ).toBeGreaterThanOrEqual(35);
    const short = ids.map(id => spreadOffset(id, every20s, window));
    expect(short.every(o => o.as('seconds') < 20)).toBe(true);
    expect(
      new Set(short.map(o => Math.floor(o.as('seconds')))).size,
    ).toBeGreaterThanOrEqual(15);
    expect(spreadOffset('a', every20s, Duration.fromMillis(0)).toMillis()).toBe(
      0,
    );
  });

  it('moves a frequency’s first start, and the card’s next run with it', () => {
    const offset = Duration.fromObject({ seconds: 7 });
    const spread = sweepSchedule(every20s, offset);
    expect(spreadDefinition(every20s, spread).initialDelay).toEqual(
      Duration.fromObject({ seconds: 5 }).plus(offset),
    );
    expect(nextRunAt(spread, undefined, at(0), at(0))).toBe(
      at(12_000).toISOString(),
    );
    expect(isDue(spread, undefined, at(0), at(12_000 - SLACK))).toBe(true);
    expect(isDue(spread, undefined, at(0), at(12_000 - SLACK - 1))).toBe(false);
  });

  it('moves every cron time: the tick at the cron time waits, the moved time is due', () => {
    const offset = Duration.fromObject({ minutes: 3 });
    const spread = sweepSchedule(dailyCron, offset);
    const local3am = new Date(T);
    local3am.setHours(3, 0, 0, 0);
    const t3 = local3am.getTime();
    const yesterday = new Date(t3 - DAY + 3 * MINUTE + 2000);
    const moved = new Date(t3 + 3 * MINUTE);
    // The scheduler's tick at 03:00 (1 s early): not due, start again at 03:03.
    expect(isDue(spread, yesterday, new Date(0), new Date(t3 - 1000))).toBe(
      false,
    );
    expect(
      spreadStartAt(spread, yesterday, new Date(0), new Date(t3 - 1000)),
    ).toEqual(moved);
    expect(isDue(spread, yesterday, new Date(0), moved)).toBe(true);
    expect(
      spreadStartAt(spread, yesterday, new Date(0), moved),
    ).toBeUndefined();
    // After the 03:03 sweep, nothing is due or waiting until tomorrow's 03:03.
    const ran = new Date(moved.getTime() + 500);
    expect(isDue(spread, ran, new Date(0), new Date(t3 + 7 * HOUR))).toBe(
      false,
    );
    expect(
      spreadStartAt(spread, ran, new Date(0), new Date(t3 + 7 * HOUR)),
    ).toBeUndefined();
    expect(
      isDue(spread, ran, new Date(0), new Date(moved.getTime() + DAY)),
    ).toBe(true);
    // Not at an hour nothing is scheduled: an external start stays external.
    expect(
      spreadStartAt(spread, yesterday, new Date(0), new Date(t3 - HOUR)),
    ).toBeUndefined();
    const lastRun = {
      startedAt: ran.toISOString(),
      finishedAt: new Date(ran.getTime() + MINUTE).toISOString(),
    };
    expect(nextRunAt(spread, lastRun, new Date(0), new Date(t3 + HOUR))).toBe(
      new Date(moved.getTime() + DAY).toISOString(),
    );
  });

  it('leaves a frequency’s ticks to the scheduler: none waits', () => {
    const spread = sweepSchedule(every20s, Duration.fromObject({ seconds: 7 }));
    expect(spreadStartAt(spread, at(0), at(-HOUR), at(15_000))).toBeUndefined();
  });
});
