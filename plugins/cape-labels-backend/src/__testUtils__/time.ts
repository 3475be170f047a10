/** Lengths of time in milliseconds, for the tests' clocks, ages and skews. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** For `jest.useFakeTimers`: only `Date` is faked, every timer keeps real time. */
export const onlyDate = {
  doNotFake: [
    'hrtime',
    'nextTick',
    'performance',
    'queueMicrotask',
    'setImmediate',
    'clearImmediate',
    'setInterval',
    'clearInterval',
    'setTimeout',
    'clearTimeout',
  ],
} satisfies Parameters<typeof jest.useFakeTimers>[0];

/**
 * The plugin reads the time from `Date`: a test sets it here, frozen until `jest.setSystemTime`
 * (or `running` on from `now`), and `jest.useRealTimers()` gives the real clock back.
 */
export function useFakeDate(
  now: Date | number,
  { running = false }: { running?: boolean } = {},
): void {
  jest.useFakeTimers({ now, advanceTimers: running, ...onlyDate });
}
