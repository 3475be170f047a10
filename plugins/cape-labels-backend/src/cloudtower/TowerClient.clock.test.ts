import type { ServerResponse } from 'node:http';
import { createTowerClient } from './TowerClient';
import { clockOf } from './session';
import { rawServersEachTest } from './__testUtils__/rawServer';
import { opts } from './__testUtils__/clientHelpers';
import { HOUR, MINUTE } from '../__testUtils__/time';

/** Answers login with the given Date header (undefined = none at all). */
function loginWithDate(date: () => string | undefined) {
  return () => ({
    raw: (res: ServerResponse) => {
      const value = date();
      if (value === undefined) res.sendDate = false;
      else res.setHeader('date', value);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { login: { token: 'tok-1' } } }));
    },
  });
}

describe('TowerClient reads Tower clock from the Date header of login', () => {
  const start = rawServersEachTest();

  it('measures the skew of a Tower 2 h behind, with one login', async () => {
    const server = await start(
      loginWithDate(() => new Date(Date.now() - 2 * HOUR).toUTCString()),
    );
    const client = createTowerClient(opts(server.url));
    const reading = await client.readClock!();
    const readAt = Date.now();
    expect(reading.source).toBe('tower');
    const skew = reading.source === 'tower' ? reading.towerNowMs - readAt : NaN;
    // Whole seconds in the header: up to a second low.
    expect(skew).toBeGreaterThan(-2 * HOUR - MINUTE);
    expect(skew).toBeLessThanOrEqual(-2 * HOUR);
    await client.readClock!();
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['no Date header', undefined, 'Tower sent no Date header'],
    [
      'a Date that is not an HTTP date',
      'yesterday-ish',
      'Tower sent a Date header that is not an HTTP date',
    ],
  ])('falls back to our clock on %s', async (_name, header, reason) => {
    const server = await start(loginWithDate(() => header));
    const reading = await createTowerClient(opts(server.url)).readClock!();
    expect(reading).toEqual({ source: 'local', reason });
  });
});

describe('clockOf', () => {
  it('takes RFC 1123 dates as UTC', () => {
    expect(clockOf('Tue, 01 Dec 2026 08:00:05 GMT')).toEqual({
      source: 'tower',
      towerNowMs: Date.parse('2026-12-01T08:00:05.000Z'),
    });
  });
});
