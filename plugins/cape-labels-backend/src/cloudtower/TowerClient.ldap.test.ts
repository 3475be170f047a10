import { mockServices } from '@backstage/backend-test-utils';
import { createTowerClient } from './TowerClient';
import { TowerAuthError, TowerHttpError } from './errors';
import type { TowerClient, TowerLogin } from './TowerClient';
import {
  RawReply,
  RawServer,
  rawServersEachTest,
} from './__testUtils__/rawServer';
import { caught, opts, withLogin } from './__testUtils__/clientHelpers';
import { ldapCredentials, LDAP_USER } from '../__testUtils__/towerLogin';

const LDAP = ldapCredentials();

/** A Tower whose `authnStrategies` answers `strategies`; every other request goes to withLogin. */
function towerWith(strategies: () => RawReply) {
  return withLogin(req =>
    req.operationName === 'CapeLabelsAuthnStrategies'
      ? strategies()
      : { json: { data: { labels: [] } } },
  );
}

const strategies =
  (...list: Array<{ id: string; type: string }>) =>
  () => ({
    json: { data: { authnStrategies: list } },
  });

/** The client says how it logged in, and its info line says the same of the LDAP user. */
function expectLoggedIn(
  client: TowerClient,
  logger: ReturnType<typeof mockServices.logger.mock>,
  login: TowerLogin,
  line: string,
) {
  expect(client.loginUsed!()).toEqual(login);
  expect(logger.info).toHaveBeenCalledWith(
    `Tower raw: ${line} (user ${LDAP_USER.username})`,
  );
}

describe('TowerClient logs LDAP users in the way the official SDKs do', () => {
  const start = rawServersEachTest();
  let server: RawServer | undefined;

  const requests = (name: string) =>
    server!.requests.filter(r => r.operationName === name);

  it('asks authnStrategies without a token, then logs in with source AUTHN and the LDAP config id', async () => {
    server = await start(
      towerWith(
        strategies(
          { id: 'oidc-1', type: 'OIDC' },
          { id: 'ldap-cfg-1', type: 'LDAP' },
        ),
      ),
    );
    const logger = mockServices.logger.mock();
    const client = createTowerClient(opts(server.url, { credentials: LDAP }), {
      logger,
    });
    expect(client.loginUsed!()).toBeUndefined();
    await client.readClock!();
    await client.checkLabels(['a']);

    const [query] = requests('CapeLabelsAuthnStrategies');
    expect(query.headers.authorization).toBeUndefined();
    expect(requests('CapeLabelsLogin').map(r => r.variables)).toEqual([
      {
        data: {
          username: LDAP_USER.username,
          password: LDAP_USER.password,
          source: 'AUTHN',
          auth_config_id: 'ldap-cfg-1',
        },
      },
    ]);
    expectLoggedIn(
      client,
      logger,
      { method: 'password', source: 'AUTHN', authConfigId: 'ldap-cfg-1' },
      'logged in as LDAP user through AUTHN (config ldap-cfg-1)',
    );
  });

  it.each([
    [
      'a validation error with the code at the top level',
      {
        json: {
          data: null,
          errors: [
            {
              message: 'Cannot query field "authnStrategies" on type "Query".',
              code: 'GRAPHQL_VALIDATION_FAILED',
            },
          ],
        },
      },
    ],
    [
      'a validation error with the code under extensions, as HTTP 400',
      {
        status: 400,
        json: {
          errors: [
            {
              message: 'Cannot query field "authnStrategies" on type "Query".',
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
            },
          ],
        },
      },
    ],
  ])(
    'logs in with source LDAP where Tower does not know the query (%s)',
    async (_name, reply) => {
      server = await start(towerWith(() => reply));
      const logger = mockServices.logger.mock();
      const client = createTowerClient(
        opts(server.url, { credentials: LDAP }),
        { logger },
      );
      await client.checkLabels(['a']);
      expect(requests('CapeLabelsLogin')[0].variables).toEqual({
        data: {
          username: LDAP_USER.username,
          password: LDAP_USER.password,
          source: 'LDAP',
        },
      });
      expectLoggedIn(
        client,
        logger,
        { method: 'password', source: 'LDAP', reason: 'no-authn-strategies' },
        'logged in as LDAP user with source LDAP (Tower has no authnStrategies)',
      );
    },
  );

  it('fails the login when authnStrategies fails any other way, sending no login', async () => {
    server = await start(
      towerWith(() => ({ status: 502, json: { message: 'bad gateway' } })),
    );
    const client = createTowerClient(opts(server.url, { credentials: LDAP }));
    const e = await caught(client.checkLabels(['a']));
    expect(e).toBeInstanceOf(TowerHttpError);
    expect(e.operation).toBe('authnStrategies');
    expect(requests('CapeLabelsLogin')).toHaveLength(0);
  });

  it('refuses to guess among several LDAP configs; authConfigId picks one', async () => {
    server = await start(
      towerWith(
        strategies(
          { id: 'ldap-a', type: 'LDAP' },
          { id: 'ldap-b', type: 'LDAP' },
        ),
      ),
    );
    let e = await caught(
      createTowerClient(opts(server.url, { credentials: LDAP })).checkLabels([
        'a',
      ]),
    );
    expect(e).toBeInstanceOf(TowerAuthError);
    expect(e.code).toBe('LDAP_CONFIG_AMBIGUOUS');
    expect(e.message).toBe(
      'Tower raw: login failed: Tower has several LDAP configs (ids: ldap-a, ldap-b); set capeLabels.towers.raw.authConfigId to the one to log in through',
    );
    expect(requests('CapeLabelsLogin')).toHaveLength(0);

    e = await caught(
      createTowerClient(
        opts(server.url, { credentials: { ...LDAP, authConfigId: 'ldap-c' } }),
      ).checkLabels(['a']),
    );
    expect(e.code).toBe('LDAP_CONFIG_UNKNOWN');
    expect(e.message).toContain('(authnStrategies lists ids: ldap-a, ldap-b)');
    expect(requests('CapeLabelsLogin')).toHaveLength(0);

    const picked = createTowerClient(
      opts(server.url, { credentials: { ...LDAP, authConfigId: 'ldap-b' } }),
    );
    await picked.checkLabels(['a']);
    expect(requests('CapeLabelsLogin')[0].variables.data).toMatchObject({
      source: 'AUTHN',
      auth_config_id: 'ldap-b',
    });
  });

  it('logs in again after LOAD_TOKEN_FAILED the same way, without asking authnStrategies again', async () => {
    let refuse = true;
    server = await start(
      withLogin(req => {
        if (req.operationName === 'CapeLabelsAuthnStrategies') {
          return strategies({ id: 'ldap-1', type: 'LDAP' })();
        }
        if (refuse) {
          refuse = false;
          return {
            json: { errors: [{ message: 'no', code: 'LOAD_TOKEN_FAILED' }] },
          };
        }
        return { json: { data: { labels: [] } } };
      }),
    );
    const client = createTowerClient(opts(server.url, { credentials: LDAP }));
    await client.checkLabels(['a']);
    expect(requests('CapeLabelsAuthnStrategies')).toHaveLength(1);
    expect(requests('CapeLabelsLogin').map(r => r.variables.data)).toEqual([
      expect.objectContaining({ auth_config_id: 'ldap-1' }),
      expect.objectContaining({ auth_config_id: 'ldap-1' }),
    ]);
  });

  it('logs LOCAL users in without asking authnStrategies', async () => {
    server = await start(towerWith(strategies()));
    const client = createTowerClient(opts(server.url));
    await client.checkLabels(['a']);
    expect(requests('CapeLabelsAuthnStrategies')).toHaveLength(0);
    expect(client.loginUsed!()).toEqual({
      method: 'password',
      source: 'LOCAL',
    });
  });
});
