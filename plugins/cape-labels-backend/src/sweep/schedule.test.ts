import { Duration } from 'luxon';
import { DUE_SLACK, isDue, nextRunAt, sweepSchedule } from './schedule';
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
