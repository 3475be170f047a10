import { RunningSimulator, startSimulator, SimulatorOptions } from '../http';
import { gql, login } from '../testing';
import { DEFAULT_LDAP_STRATEGY_ID } from './users';

const USERS: SimulatorOptions['users'] = [
  { username: 'admin', password: 'admin-password', source: 'LOCAL' },
  { username: 'ldap-gc', password: 'ldap-pw', source: 'LDAP' },
];
const LOGIN = 'mutation($d: LoginInput!) { login(data: $d) { token } }';
const LABELS = '{ labels(first: 1) { id } }';

describe('auth modes', () => {
  const sims: RunningSimulator[] = [];
  async function start(options: SimulatorOptions) {
    const sim = await startSimulator({
      scenario: 'small',
      users: USERS,
      ...options,
    });
    sims.push(sim);
    return sim;
  }
  afterAll(() => Promise.all(sims.map(s => s.stop())));

  const tryLogin = (url: string, d: Record<string, unknown>) =>
    gql(url, LOGIN, { d: { password: 'ldap-pw', username: 'ldap-gc', ...d } });

  it('answers authnStrategies without a token: the LDAP strategy when there are LDAP users', async () => {
    const sim = await start({});
    const r = await gql(sim.url, '{ authnStrategies { id type } }');
    expect(r).toMatchObject({
      status: 200,
      data: {
        authnStrategies: [{ id: DEFAULT_LDAP_STRATEGY_ID, type: 'LDAP' }],
      },
    });
    expect(r.errors).toBeUndefined();
    const local = await start({ users: [USERS![0]] });
    expect(
      (await gql(local.url, '{ authnStrategies { id } }')).data.authnStrategies,
    ).toEqual([]);
    const given = await start({
      authnStrategies: [{ id: 'cfg-1', type: 'LDAP' }],
    });
    expect(
      (await gql(given.url, '{ authnStrategies { id type } }')).data,
    ).toEqual({ authnStrategies: [{ id: 'cfg-1', type: 'LDAP' }] });
    const token = await login(
      given.url,
      'ldap-gc',
      'ldap-pw',
      'AUTHN',
      'cfg-1',
    );
    expect(
      (await gql(given.url, LABELS, undefined, token)).errors,
    ).toBeUndefined();
  });

  it('logs an LDAP user in on a current Tower only with source AUTHN and the strategy id', async () => {
    const sim = await start({});
    const ok = await tryLogin(sim.url, {
      source: 'AUTHN',
      auth_config_id: DEFAULT_LDAP_STRATEGY_ID,
    });
    expect(ok.errors).toBeUndefined();
    const token = ok.data.login.token;
    expect(
      (await gql(sim.url, LABELS, undefined, token)).errors,
    ).toBeUndefined();
    const codes = async (d: Record<string, unknown>) =>
      (await tryLogin(sim.url, d)).errors?.map(e => e.code);
    expect(await codes({ source: 'LDAP' })).toEqual(['LOGIN_FAILED']);
    expect(await codes({ source: 'AUTHN' })).toEqual(['LOGIN_FAILED']);
    expect(await codes({ source: 'AUTHN', auth_config_id: 'nope' })).toEqual([
      'LOGIN_FAILED',
    ]);
    expect(
      await codes({
        source: 'AUTHN',
        auth_config_id: DEFAULT_LDAP_STRATEGY_ID,
        password: 'wrong',
      }),
    ).toEqual(['LOGIN_FAILED']);
    expect(
      await codes({
        source: 'AUTHN',
        auth_config_id: DEFAULT_LDAP_STRATEGY_ID,
        username: 'admin',
        password: 'admin-password',
      }),
    ).toEqual(['USER_NOT_FOUND']);
  });

  it('logs an LDAP user in on a legacy Tower with source LDAP; AUTHN is not in its UserSource', async () => {
    const sim = await start({ towerVersion: 'legacy' });
    const token = await login(sim.url, 'ldap-gc', 'ldap-pw', 'LDAP');
    expect(
      (await gql(sim.url, LABELS, undefined, token)).errors,
    ).toBeUndefined();
    const variable = await tryLogin(sim.url, { source: 'AUTHN' });
    expect(variable.data).toBeNull();
    expect(variable.errors?.[0].message).toMatch(
      /Value "AUTHN" does not exist in "UserSource" enum/,
    );
    const literal = await gql(
      sim.url,
      'mutation { login(data: {username: "ldap-gc", password: "ldap-pw", source: AUTHN}) { token } }',
    );
    expect(literal.errors?.[0]).toMatchObject({
      code: 'GRAPHQL_VALIDATION_FAILED',
      message: expect.stringContaining('AUTHN'),
    });
  });

  it('gives no token for a password login with two-factor on; a wrong password still fails as such', async () => {
    const sim = await start({ twoFactor: true });
    const r = await gql(sim.url, LOGIN, {
      d: { username: 'admin', password: 'admin-password', source: 'LOCAL' },
    });
    expect(r.status).toBe(200);
    expect(r.data).toBeNull();
    expect(r.errors).toEqual([
      {
        message: expect.stringMatching(/two-factor/),
        code: 'MFA_REQUIRED',
        path: ['login'],
      },
    ]);
    const wrong = await gql(sim.url, LOGIN, {
      d: { username: 'admin', password: 'x', source: 'LOCAL' },
    });
    expect(wrong.errors?.[0].code).toBe('LOGIN_FAILED');
    expect(sim.admin.tokens()).toEqual([]);
  });

  it('accepts an API key as the raw Authorization header with no login; refuses an unknown one', async () => {
    const key = 'api-key-0123456789abcdef';
    const sim = await start({ twoFactor: true, apiKeys: [key] });
    const read = await gql(sim.url, LABELS, undefined, key);
    expect(read.errors).toBeUndefined();
    expect(read.data.labels).toHaveLength(1);
    const del = await gql(
      sim.url,
      `mutation($id: ID) { deleteLabel(where: {id: $id}) { id } }`,
      { id: read.data.labels[0].id },
      key,
    );
    expect(del.errors).toBeUndefined();
    const unknown = await gql(sim.url, LABELS, undefined, `${key}x`);
    expect(unknown.errors).toEqual([
      expect.objectContaining({ code: 'LOAD_TOKEN_FAILED', path: ['labels'] }),
    ]);
    const out = await gql(sim.url, 'mutation { logout }', undefined, key);
    expect(out.errors).toBeUndefined();
    expect((await gql(sim.url, LABELS, undefined, key)).errors).toBeUndefined();
    const log = sim.admin.requestLog();
    expect(log.map(e => e.tokenId)).toContain('k1');
    expect(JSON.stringify([log, sim.admin.tokens()])).not.toContain(key);
  });
});
