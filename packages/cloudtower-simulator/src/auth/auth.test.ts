import { startSimulator, RunningSimulator } from '../http';
import { gql, login } from '../testing';

const LABELS = '{ labels(first: 1) { id } }';

describe('auth', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({
      scenario: 'small',
      users: [
        { username: 'admin', password: 'admin-password', source: 'LOCAL' },
        { username: 'ldap-gc', password: 'ldap-pw', source: 'LDAP' },
      ],
    });
  });
  afterAll(() => sim.stop());

  it('logs in and accepts the raw token on /api and /api/', async () => {
    const token = await login(sim.url);
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    for (const path of ['/api', '/api/']) {
      const r = await gql(sim.url, LABELS, undefined, token, { path });
      expect(r.status).toBe(200);
      expect(r.errors).toBeUndefined();
      expect(r.data.labels).toHaveLength(1);
    }
  });

  it.each([
    ['no token', undefined],
    ['unknown token', 'deadbeef'],
    ['Bearer prefix', 'Bearer x'],
  ])('answers LOAD_TOKEN_FAILED with %s', async (_name, token) => {
    const r = await gql(sim.url, LABELS, undefined, token);
    expect(r.status).toBe(200);
    expect(r.data).toBeNull();
    expect(r.errors).toEqual([
      expect.objectContaining({ code: 'LOAD_TOKEN_FAILED', path: ['labels'] }),
    ]);
  });

  it('needs a token for mutations too', async () => {
    const r = await gql(
      sim.url,
      'mutation { deleteManyLabels(where: {}) { count } }',
    );
    expect(r.errors?.[0].code).toBe('LOAD_TOKEN_FAILED');
    expect(sim.admin.summary().labels).toBe(40);
  });

  it('revokes the token on logout', async () => {
    const token = await login(sim.url);
    const out = await gql(sim.url, 'mutation { logout }', undefined, token);
    expect(out.errors).toBeUndefined();
    const r = await gql(sim.url, LABELS, undefined, token);
    expect(r.errors?.[0].code).toBe('LOAD_TOKEN_FAILED');
    const again = await login(sim.url);
    expect(
      (await gql(sim.url, LABELS, undefined, again)).errors,
    ).toBeUndefined();
  });

  it('revokes tokens from the admin API', async () => {
    const token = await login(sim.url);
    expect(sim.admin.revokeTokens()).toBeGreaterThan(0);
    expect(
      (await gql(sim.url, LABELS, undefined, token)).errors?.[0].code,
    ).toBe('LOAD_TOKEN_FAILED');
  });

  it.each([
    ['wrong password', 'admin', 'nope', 'LOCAL', 'LOGIN_FAILED'],
    ['unknown user', 'who', 'x', 'LOCAL', 'USER_NOT_FOUND'],
    [
      'LDAP user against LOCAL',
      'ldap-gc',
      'ldap-pw',
      'LOCAL',
      'USER_NOT_FOUND',
    ],
    [
      'LDAP user with source LDAP (3.x wants AUTHN)',
      'ldap-gc',
      'ldap-pw',
      'LDAP',
      'LOGIN_FAILED',
    ],
  ])('rejects login: %s', async (_n, username, password, source, code) => {
    const r = await gql(
      sim.url,
      'mutation($d: LoginInput!) { login(data: $d) { token } }',
      {
        d: { username, password, source },
      },
    );
    expect(r.status).toBe(200);
    expect(r.data).toBeNull();
    expect(r.errors).toEqual([
      { message: expect.any(String), code, path: ['login'] },
    ]);
  });

  it('reports validation errors with a code', async () => {
    const token = await login(sim.url);
    const r = await gql(sim.url, '{ labels { nope } }', undefined, token);
    expect(r.status).toBe(200);
    expect(r.errors?.[0]).toEqual(
      expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }),
    );
    const p = await gql(sim.url, '{ labels(', undefined, token);
    expect(p.errors?.[0].code).toBe('GRAPHQL_PARSE_FAILED');
  });
});
