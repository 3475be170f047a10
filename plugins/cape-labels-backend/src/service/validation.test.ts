import { InputError } from '@backstage/errors';
import { RUN_LIST_LIMIT } from '../schema/specRules';
import {
  boundedText,
  outcomeFilterOf,
  parseSweepRequestedEvent,
  runIdOf,
  towerIdOf,
  wholeNumber,
} from './validation';

/** What the validated router refuses on the HTTP API is in schema/validatedRequests.test.ts. */
describe('validation of the input the validated router does not see', () => {
  const limit = (value: unknown) =>
    wholeNumber(value as number | undefined, 'limit', RUN_LIST_LIMIT);

  it('wholeNumber takes one whole number within the rule, its default when absent', () => {
    expect(limit(undefined)).toBe(20);
    expect(limit(1)).toBe(1);
    expect(limit(100)).toBe(100);
    expect(limit(5)).toBe(5);
    // Anything but a number is refused too (an action's input that did not pass zod).
    for (const value of [
      '0',
      '101',
      '-1',
      'abc',
      '1.5',
      '',
      ' 5',
      '1e2',
      '0x10',
      '9999999999',
      ['1', '2'],
      { a: '1' },
      0,
      101,
      1.5,
      1e21,
      NaN,
    ]) {
      expect(() => limit(value)).toThrow(InputError);
    }
    expect(() => limit(0)).toThrow(
      'limit must be a whole number from 1 to 100',
    );
  });

  it('towerIdOf accepts config ids only', () => {
    expect(towerIdOf('prod-a')).toBe('prod-a');
    for (const id of [
      'Prod',
      'a_b',
      'a.b',
      '',
      'a'.repeat(101),
      'a b',
      '../x',
    ]) {
      expect(() => towerIdOf(id)).toThrow(InputError);
    }
    expect(() => towerIdOf('a b')).toThrow(/^towerId /);
  });

  it('runIdOf accepts opaque ids, and no id where it is optional', () => {
    expect(runIdOf('1796013909521-3ed9623f3c')).toBe(
      '1796013909521-3ed9623f3c',
    );
    for (const id of ['', 'a.b', 'a/b', 'x'.repeat(101), "1' OR 1=1"])
      expect(() => runIdOf(id)).toThrow(InputError);
    expect(runIdOf(undefined, 'before')).toBeUndefined();
    expect(runIdOf('r1', 'before')).toBe('r1');
    expect(() => runIdOf(['r1', 'r2'] as unknown as string, 'before')).toThrow(
      /before/,
    );
  });

  it('boundedText refuses longer text naming the field; outcomeFilterOf drops empty text', () => {
    expect(boundedText(undefined, 'key', 3)).toBeUndefined();
    expect(boundedText('abc', 'key', 3)).toBe('abc');
    expect(() => boundedText('abcd', 'key', 3)).toThrow(
      new InputError('key may be at most 3 characters'),
    );
    expect(outcomeFilterOf({ key: '', search: '' })).toEqual({});
    expect(
      outcomeFilterOf({
        action: 'kept',
        reason: 'young',
        key: 'k',
        search: 's',
      }),
    ).toEqual({ action: 'kept', reason: 'young', key: 'k', search: 's' });
  });

  it('parseSweepRequestedEvent takes {towerId, dryRun?, requestedBy?} with a config id and a publisher name only', () => {
    expect(parseSweepRequestedEvent({ towerId: 't1' })).toEqual({
      towerId: 't1',
    });
    expect(
      parseSweepRequestedEvent({ towerId: 't1', requestedBy: 'ci-pipeline' }),
    ).toEqual({ towerId: 't1', requestedBy: 'ci-pipeline' });
    expect(parseSweepRequestedEvent({ towerId: 't1', dryRun: true })).toEqual({
      towerId: 't1',
      dryRun: true,
    });
    for (const payload of [
      undefined,
      null,
      {},
      { towerId: 'T1' },
      { towerId: 7 },
      { towerId: 't1', dryRun: 'yes' },
      { towerId: 't1', requestedBy: 7 },
      { towerId: 't1', requestedBy: 'x'.repeat(100_000) },
      { towerId: 't1', requestedBy: 'user:default/ceo' },
    ])
      expect(parseSweepRequestedEvent(payload)).toBeUndefined();
  });
});
