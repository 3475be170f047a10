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
