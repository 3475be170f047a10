import { inspect } from 'node:util';
import { mockServices } from '@backstage/backend-test-utils';
import { createTowerClient } from './TowerClient';
import { rawServersEachTest } from './__testUtils__/rawServer';
import { caught, opts, withLogin } from './__testUtils__/clientHelpers';
import { passwordCredentials } from '../__testUtils__/towerLogin';

const GATEWAY_SECRET = 'gw-Secret-Value-42';
const HEADERS = {
  'x-bypass-whitelist': 'true',
  'X-Gateway-Token': GATEWAY_SECRET,
};

describe('TowerClient sends the configured headers to its Tower only', () => {
  const start = rawServersEachTest();

  it('on every request, authnStrategies and login included, and on no other host', async () => {
    const tower = await start(
      withLogin(req =>
        req.operationName === 'CapeLabelsAuthnStrategies'
          ? {
              json: { data: { authnStrategies: [{ id: 'l1', type: 'LDAP' }] } },
            }
          : { json: { data: { labels: [] } } },
      ),
    );
    const other = await start(
      withLogin(() => ({ json: { data: { labels: [] } } })),
    );
    const client = createTowerClient(
      opts(tower.url, {
        credentials: passwordCredentials({ userSource: 'LDAP' }),
        headers: HEADERS,
      }),
    );
    const neighbour = createTowerClient(opts(other.url));
    await client.checkLabels(['a']);
    await neighbour.checkLabels(['a']);
    await client.close();
    await neighbour.close();

    expect(tower.requests.map(r => r.operationName)).toEqual([
      'CapeLabelsAuthnStrategies',
      'CapeLabelsLogin',
      'CapeLabelsRelations',
      'CapeLabelsCheck',
      'CapeLabelsLogout',
    ]);
    for (const r of tower.requests) {
      expect(r.headers['x-bypass-whitelist']).toBe('true');
      expect(r.headers['x-gateway-token']).toBe(GATEWAY_SECRET);
    }
    expect(other.requests).toHaveLength(4); // login, relations, check, logout
    for (const r of other.requests) {
      expect(r.headers['x-bypass-whitelist']).toBeUndefined();
      expect(r.headers['x-gateway-token']).toBeUndefined();
    }
  });

  it('never lets a header value into an error or the log', async () => {
    const tower = await start(req => ({
      status: 403,
      json: { message: `gateway refused ${req.headers['x-gateway-token']}` },
    }));
    const logger = mockServices.logger.mock();
    const client = createTowerClient(opts(tower.url, { headers: HEADERS }), {
      logger,
    });
    const e = await caught(client.checkLabels(['a']));
    expect(e.message).toContain('gateway refused ***');
    expect(inspect(e, { depth: 20, showHidden: true })).not.toContain(
      GATEWAY_SECRET,
    );
    await client.close();
    const logged = [logger.debug, logger.info, logger.warn, logger.error];
    expect(JSON.stringify(logged.map(l => l.mock.calls))).not.toContain(
      GATEWAY_SECRET,
    );
  });
});
