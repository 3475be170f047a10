import { errorOf, read, tower } from './__testUtils__/readTestConfig';

describe('readCapeLabelsConfig: bounds on what a Tower can do', () => {
  it('caps Tower answers at 8 MiB and its clock at 10 minutes ahead by default', () => {
    const config = read({ towers: { a: tower } });
    expect(config.maxResponseBytes).toBe(8 * 1024 * 1024);
    expect(config.maxClockAhead.as('minutes')).toBe(10);
  });

  it('reads both in the usual forms', () => {
    const config = read({
      maxResponseBytes: 65536,
      maxClockAhead: '30s',
      towers: { a: tower },
    });
    expect(config.maxResponseBytes).toBe(65536);
    expect(config.maxClockAhead.as('seconds')).toBe(30);
    expect(
      read({ maxClockAhead: { minutes: 0 } }).maxClockAhead.as('milliseconds'),
    ).toBe(0);
  });

  it.each([
    [{ maxResponseBytes: 0 }, 'capeLabels.maxResponseBytes'],
    [{ maxResponseBytes: 1.5 }, 'capeLabels.maxResponseBytes'],
    [{ maxResponseBytes: 2 * 1024 ** 3 }, 'capeLabels.maxResponseBytes'],
    [{ maxClockAhead: 'soon' }, 'capeLabels.maxClockAhead'],
    [{ maxClockAhead: { minutes: -1 } }, 'capeLabels.maxClockAhead'],
  ])('refuses %j naming %s', (capeLabels, key) => {
    expect(errorOf(capeLabels)).toContain(key);
  });
});
