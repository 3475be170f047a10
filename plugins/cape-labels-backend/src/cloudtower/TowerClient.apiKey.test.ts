import type { ServerResponse } from 'node:http';
import { mockServices } from '@backstage/backend-test-utils';
import { createTowerClient } from './TowerClient';
import { TowerAuthError } from './errors';
import { RawReply, rawServersEachTest } from './__testUtils__/rawServer';
import { caught, opts } from './__testUtils__/clientHelpers';
import { TOWER_API_KEY as API_KEY } from '../__testUtils__/towerLogin';
import { HOUR, MINUTE } from '../__testUtils__/time';

/** Answers every request with `reply`, the Date header 2 h behind. */
function tower(reply: () => RawReply) {
  return () => {
    const r = reply();
    if ('raw' in r) return r;
    return {
      raw: (res: ServerResponse) => {
        res.setHeader('date', new Date(Date.now() - 2 * HOUR).toUTCString());
        res.writeHead(r.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(r.json));
      },
    };
  };
}

const withKey = (url: string) =>
  opts(url, { credentials: { kind: 'apiKey', apiKey: API_KEY } });

describe('TowerClient with an API key', () => {
  const start = rawServersEachTest();

  it('sends the key on every request, never logs in or out, and reads the clock from a ping', async () => {
    const server = await start(
      tower(() => ({ json: { data: { __typename: 'Query', labels: [] } } })),
    );
    const logger = mockServices.logger.mock();
    const client = createTowerClient(withKey(server.url), { logger });
    const reading = await client.readClock!();
    expect(reading.source).toBe('tower');
    const skew =
      reading.source === 'tower' ? reading.towerNowMs - Date.now() : 0;
    expect(skew).toBeLessThanOrEqual(-2 * HOUR);
    expect(skew).toBeGreaterThan(-2 * HOUR - MINUTE);
    await client.readClock!();
    await client.checkLabels(['a']);
    await client.readExistingIds(['a']);
    await client.close();

    // This Tower answers introspection with nothing usable: the relations are probed.
    expect(server.requests.map(r => r.operationName)).toEqual([
      'CapeLabelsPing',
      'CapeLabelsRelations',
      'CapeLabelsRelationProbe',
      'CapeLabelsCheck',
      'CapeLabelsExisting',
    ]);
    for (const r of server.requests) {
      expect(r.headers.authorization).toBe(API_KEY);
    }
    expect(client.loginUsed!()).toEqual({ method: 'apiKey' });
    expect(logger.info).toHaveBeenCalledWith(
      'Tower raw: authenticated with an API key (no login)',
    );
    expect(JSON.stringify(logger.info.mock.calls)).not.toContain(API_KEY);
  });

  it('takes the clock from the first answer when something was sent before readClock', async () => {
    const server = await start(
      tower(() => ({ json: { data: { labels: [] } } })),
    );
    const client = createTowerClient(withKey(server.url));
    await client.checkLabels(['a']);
    expect((await client.readClock!()).source).toBe('tower');
    expect(server.requests.map(r => r.operationName)).toEqual([
      'CapeLabelsRelations',
      'CapeLabelsRelationProbe',
      'CapeLabelsCheck',
    ]);
  });

  it.each<[string, RawReply]>([
    [
      'LOAD_TOKEN_FAILED at the top level',
      {
        json: {
          data: null,
          errors: [{ message: 'bad token', code: 'LOAD_TOKEN_FAILED' }],
        },
      },
    ],
    [
      'LOAD_TOKEN_FAILED under extensions',
      {
        json: {
          errors: [
            { message: 'bad', extensions: { code: 'LOAD_TOKEN_FAILED' } },
          ],
        },
      },
    ],
    [
      'HTTP 401 with an ErrorBody',
      {
        status: 401,
        json: { message: 'Unauthorized', status: 401, path: '/api' },
      },
    ],
  ])(
    'fails once on a refused key (%s): no retry, no login',
    async (_n, reply) => {
      const server = await start(tower(() => reply));
      const client = createTowerClient(withKey(server.url));
      const e = await caught(client.readClock!());
      expect(e).toBeInstanceOf(TowerAuthError);
      expect(e.code).toBe('API_KEY_REFUSED');
      expect(e.message).toMatch(/^Tower raw: ping failed: API key refused \(/);
      const later = await caught(client.checkLabels(['a']));
      expect(later.code).toBe('API_KEY_REFUSED');
      await client.close();
      expect(server.requests.map(r => r.operationName)).toEqual([
        'CapeLabelsPing',
      ]);
    },
  );
});
