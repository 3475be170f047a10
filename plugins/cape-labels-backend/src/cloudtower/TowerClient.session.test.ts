import { mockServices } from '@backstage/backend-test-utils';
import { createTowerClient } from './TowerClient';
import { TowerAuthError } from './errors';
import { delay, rawServersEachTest } from './__testUtils__/rawServer';
import {
  caught,
  collect,
  opts,
  withLogin,
} from './__testUtils__/clientHelpers';
import {
  TOWER_PASSWORD,
  TOWER_USERNAME,
  expectNoSecret,
} from '../__testUtils__/towerLogin';

describe('TowerClient session (login, token, re-login), against a raw HTTP server', () => {
  const start = rawServersEachTest();
  it('sends the raw token, shares one login and keeps variables out of the query', async () => {
    const tricky = [
      'cape-vip',
      'a"b\\c',
      'ключ-ラベル-🚀',
      '}) { id } mutation X { logout }',
    ];
    const server = await start(
      withLogin(async () => {
        await delay(20);
        return { json: { data: { labels: [] } } };
      }),
    );
    const client = createTowerClient(opts(server.url));
    await Promise.all([1, 2, 3, 4, 5].map(() => client.checkLabels(['a'])));
    await collect(client.listLabelPages({ keys: tricky }, { pageSize: 10 }));
    const logins = server.requests.filter(
      r => r.operationName === 'CapeLabelsLogin',
    );
    expect(logins).toHaveLength(1);
    expect(logins[0].variables).toEqual({
      data: {
        username: TOWER_USERNAME,
        password: TOWER_PASSWORD,
        source: 'LOCAL',
      },
    });
    // One keyset chain per key.
    const lists = server.requests.filter(
      r => r.operationName === 'CapeLabelsList',
    );
    expect(lists.map(l => l.variables)).toEqual(
      expect.arrayContaining(
        tricky.map(k => ({ where: { AND: [{ key_in: [k] }] }, first: 10 })),
      ),
    );
    expect(lists).toHaveLength(tricky.length);
    for (const list of lists) {
      expect(list.headers.authorization).toBe('tok-1');
      for (const k of tricky.slice(1)) expect(list.query).not.toContain(k);
    }
    await client.close();
    await client.close();
    expect(
      server.requests.filter(r => r.operationName === 'CapeLabelsLogout'),
    ).toHaveLength(1);
  });

  it('logs in again once on LOAD_TOKEN_FAILED, then gives up with TowerAuthError', async () => {
    let failures = 1;
    const server = await start(
      withLogin(() =>
        failures-- > 0
          ? {
              json: {
                data: null,
                errors: [
                  { message: 'token revoked', code: 'LOAD_TOKEN_FAILED' },
                ],
              },
            }
          : { json: { data: { labels: [{ id: 'a' }] } } },
      ),
    );
    const logger = mockServices.logger.mock();
    const client = createTowerClient(opts(server.url), { logger });
    await expect(client.readExistingIds(['a'])).resolves.toEqual(['a']);
    expect(
      server.requests.filter(r => r.operationName === 'CapeLabelsLogin'),
    ).toHaveLength(2);

    failures = 1000;
    const e = await caught(client.readExistingIds(['a']));
    expect(e).toBeInstanceOf(TowerAuthError);
    expect(e.code).toBe('LOAD_TOKEN_FAILED');
    expect(e.message).toBe(
      'Tower raw: readExistingIds failed: token rejected again after a fresh login (LOAD_TOKEN_FAILED)',
    );
    expect(
      server.requests.filter(r => r.operationName === 'CapeLabelsLogin'),
    ).toHaveLength(3);
    const logged = JSON.stringify([
      logger.debug.mock.calls,
      logger.info.mock.calls,
      logger.warn.mock.calls,
    ]);
    expect(logger.info).toHaveBeenCalled();
    expectNoSecret(logged);
    expect(logged).not.toContain('tok-1');
  });

  it('rejects a login without leaking the password, even when the server echoes it', async () => {
    const server = await start(() => ({
      json: {
        data: null,
        errors: [
          {
            message: `bad password ${TOWER_PASSWORD}`,
            code: 'USER_PASSWORD_INCORRECT',
          },
        ],
      },
    }));
    const client = createTowerClient(opts(server.url));
    const e = await caught(client.checkLabels(['x']));
    expect(e).toBeInstanceOf(TowerAuthError);
    expect(e.code).toBe('USER_PASSWORD_INCORRECT');
    expect(e.operation).toBe('login');
    expect(e.message).toMatch(
      /^Tower raw: login failed: bad password \*\*\* \(USER_PASSWORD_INCORRECT\)$/,
    );
  });

  it('says a login without a token (two-factor login) needs an API key', async () => {
    const server = await start(() => ({
      json: { data: { login: { token: null, mfa_type: 'Mail' } } },
    }));
    const e = await caught(
      createTowerClient(opts(server.url)).checkLabels(['x']),
    );
    expect(e).toBeInstanceOf(TowerAuthError);
    expect(e.code).toBe('NO_TOKEN');
    expect(e.message).toBe(
      'Tower raw: login failed: login returned no token (two-factor login needs an API key: set capeLabels.towers.raw.apiKey)',
    );
    expect(server.requests).toHaveLength(1);
  });
});
