import { InputError } from '@backstage/errors';
import {
  parseAction,
  parseIntParam,
  parseOptionalRunId,
  parseRunId,
  parseSweepBody,
  parseTowerId,
} from './validation';

describe('validation', () => {
  it('parseIntParam takes one whole number within bounds', () => {
    expect(parseIntParam({}, 'limit', 20, 1, 100)).toBe(20);
    expect(parseIntParam({ limit: '1' }, 'limit', 20, 1, 100)).toBe(1);
    expect(parseIntParam({ limit: '100' }, 'limit', 20, 1, 100)).toBe(100);
    for (const limit of [
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
    ]) {
      expect(() => parseIntParam({ limit }, 'limit', 20, 1, 100)).toThrow(
        InputError,
      );
    }
  });

  it('parseIntParam takes the integers the OpenAPI validator already converted', () => {
    expect(parseIntParam({ limit: 5 }, 'limit', 20, 1, 100)).toBe(5);
    for (const limit of [0, 101, 1.5, 1e21, NaN])
      expect(() => parseIntParam({ limit }, 'limit', 20, 1, 100)).toThrow(
        InputError,
      );
  });

  it('parseTowerId accepts config ids only', () => {
    expect(parseTowerId('prod-a')).toBe('prod-a');
    for (const id of [
      'Prod',
      'a_b',
      'a.b',
      '',
      'a'.repeat(101),
      'a b',
      '../x',
    ]) {
      expect(() => parseTowerId(id)).toThrow(InputError);
    }
  });

  it('parseRunId and parseOptionalRunId accept opaque ids', () => {
    expect(parseRunId('1796013909521-3ed9623f3c')).toBe(
      '1796013909521-3ed9623f3c',
    );
    for (const id of ['', 'a.b', 'a/b', 'x'.repeat(101), "1' OR 1=1"])
      expect(() => parseRunId(id)).toThrow(InputError);
    expect(parseOptionalRunId({}, 'before')).toBeUndefined();
    expect(parseOptionalRunId({ before: 'r1' }, 'before')).toBe('r1');
    expect(() =>
      parseOptionalRunId({ before: ['r1', 'r2'] }, 'before'),
    ).toThrow(/before/);
  });

  it('parseAction accepts the four actions', () => {
    expect(parseAction({})).toBeUndefined();
    for (const action of ['deleted', 'would-delete', 'kept', 'failed'])
      expect(parseAction({ action })).toBe(action);
    for (const action of ['DELETED', 'raced', '', ['kept']])
      expect(() => parseAction({ action })).toThrow(InputError);
  });

  it('parseSweepBody accepts {} or {dryRun: boolean} only', () => {
    expect(parseSweepBody(undefined)).toEqual({ dryRun: false });
    expect(parseSweepBody({})).toEqual({ dryRun: false });
    expect(parseSweepBody({ dryRun: true })).toEqual({ dryRun: true });
    expect(parseSweepBody({ dryRun: false })).toEqual({ dryRun: false });
    for (const body of [
      [],
      'x',
      1,
      true,
      { dryRun: 'true' },
      { dryRun: null },
      { dryRun: 0 },
      { other: 1 },
    ]) {
      expect(() => parseSweepBody(body)).toThrow(InputError);
    }
    const many = Object.fromEntries(
      Array.from({ length: 1000 }, (_, i) => [`k${'x'.repeat(100)}${i}`, 1]),
    );
    // Named, but briefly: the message must not echo a huge body.
    expect(() => parseSweepBody(many)).toThrow(
      /^unknown field\(s\): k.{0,250}$/,
    );
  });
});
