import { RunningSimulator, startSimulator } from './server';
import { adminCall, gql, login } from '../testing';

const LABELS = 'query List { labels(first: 1) { id } }';

async function post(url: string, headers: Record<string, string>) {
  const res = await fetch(`${url}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: LABELS }),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    text: await res.text(),
  };
}

describe('gateway headers', () => {
  let sim: RunningSimulator;
  let token: string;
  beforeAll(async () => {
    sim = await startSimulator({
      scenario: 'small',
      requiredHeaders: { 'X-Gateway-Token': 'gw-value-1' },
    });
    token = await login(sim.url).catch(() => '');
  });
  afterAll(() => sim.stop());

  it('refuses /api requests lacking a required header with a 403 HTML page, logged gateway-refused', async () => {
    expect(token).toBe(''); // the login itself lacked the header
    const tries: Record<string, string>[] = [
      {},
      { 'x-gateway-token': 'wrong' },
    ];
    for (const headers of tries) {
      const r = await post(sim.url, headers);
      expect(r).toMatchObject({ status: 403, type: 'text/html' });
      expect(r.text).toContain('<h1>403 Forbidden</h1>');
    }
    expect((await adminCall(sim.url, 'GET', '/health')).status).toBe('ok');
    const log = sim.admin.requestLog();
    expect(log.at(-1)).toMatchObject({
      outcome: 'gateway-refused',
      httpStatus: 403,
      headerNames: expect.arrayContaining(['content-type', 'x-gateway-token']),
    });
  });

  it('passes requests with the header in any letter case, and logs header names but never values', async () => {
    const r = await fetch(`${sim.url}/api`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-GATEWAY-TOKEN': 'gw-value-1',
      },
      body: JSON.stringify({
        query:
          'mutation { login(data: {username: "admin", password: "admin-password", source: LOCAL}) { token } }',
      }),
    });
    expect(r.status).toBe(200);
    const t = (await r.json()).data.login.token;
    const ok = await post(sim.url, {
      'x-gateway-token': 'gw-value-1',
      authorization: t,
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text).errors).toBeUndefined();
    const entry = sim.admin.requestLog().at(-1)!;
    expect(entry).toMatchObject({ outcome: 'ok' });
    expect(entry.headerNames).toEqual(
      expect.arrayContaining(['authorization', 'x-gateway-token']),
    );
    const logText = JSON.stringify(sim.admin.requestLog());
    expect(logText).not.toContain('gw-value-1');
    expect(logText).not.toContain(t);
  });
});

describe('error shapes', () => {
  let sim: RunningSimulator;
  let token: string;
  beforeAll(async () => {
    sim = await startSimulator({ scenario: 'small' });
  });
  beforeEach(async () => {
    sim.admin.clearFaults();
    token = await login(sim.url);
  });
  afterAll(() => sim.stop());

  it('puts the code of every GraphQL error under extensions with errorCodeAt: extensions', async () => {
    sim.admin.setFaults({
      errorRate: 1,
      errorCode: 'PERMISSION_DENIED',
      errorCodeAt: 'extensions',
    });
    const faulted = await gql(sim.url, LABELS, undefined, token);
    expect(faulted.errors).toEqual([
      {
        message: 'simulated error',
        path: ['labels'],
        extensions: { code: 'PERMISSION_DENIED' },
      },
    ]);
    sim.admin.setFaults({ errorCodeAt: 'extensions' });
    const real = await gql(sim.url, LABELS, undefined, 'unknown-token');
    expect(real.errors).toEqual([
      {
        message: expect.any(String),
        path: ['labels'],
        extensions: { code: 'LOAD_TOKEN_FAILED' },
      },
    ]);
    expect(sim.admin.requestLog().at(-1)!.errorCodes).toEqual([
      'LOAD_TOKEN_FAILED',
    ]);
  });

  it.each([401, 403, 404, 500, 502, 503])(
    'answers HTTP %i with an HTML page or the REST ErrorBody',
    async status => {
      sim.admin.setFaults({ httpStatus: status });
      const html = await post(sim.url, { authorization: token });
      expect(html).toMatchObject({ status, type: 'text/html' });
      expect(html.text).toContain(`<title>${status} `);
      sim.admin.setFaults({
        httpStatus: status,
        httpBody: 'json',
        errorCode: 'RESOURCE_NOT_FOUND',
        errorMessage: 'gone',
      });
      const json = await post(sim.url, { authorization: token });
      expect(json.status).toBe(status);
      expect(json.type).toMatch(/^application\/json/);
      expect(JSON.parse(json.text)).toEqual({
        code: 'RESOURCE_NOT_FOUND',
        message: 'gone',
        status,
        path: '/api',
      });
      expect(sim.admin.requestLog().at(-1)).toMatchObject({
        outcome: `fault:http-${status}`,
        httpStatus: status,
      });
    },
  );

  it.each([200, 600, 99])(
    'refuses httpStatus %i naming the key',
    async status => {
      expect(() => sim.admin.setFaults({ httpStatus: status })).toThrow(
        /faults\.httpStatus/,
      );
      await expect(
        adminCall(sim.url, 'POST', '/faults', { httpStatus: status }),
      ).rejects.toThrow(/400/);
    },
  );

  it('answers an auth error as a revoked token, in each shape; a new login works', async () => {
    sim.admin.setFaults({ authError: true });
    const first = await gql(sim.url, LABELS, undefined, token);
    expect(first.errors).toEqual([
      {
        message: expect.any(String),
        code: 'LOAD_TOKEN_FAILED',
        path: ['labels'],
      },
    ]);
    sim.admin.clearFaults();
    expect(
      (await gql(sim.url, LABELS, undefined, token)).errors?.[0].code,
    ).toBe('LOAD_TOKEN_FAILED');
    sim.admin.setFaults({ authError: true, errorCodeAt: 'extensions' });
    const again = await login(sim.url); // login carries no token: not affected
    const ext = await gql(sim.url, LABELS, undefined, again);
    expect((ext.errors?.[0] as { extensions?: unknown }).extensions).toEqual({
      code: 'LOAD_TOKEN_FAILED',
    });
    sim.admin.setFaults({ authError: true, httpStatus: 401, httpBody: 'json' });
    const third = await login(sim.url);
    const rest = await post(sim.url, { authorization: third });
    expect(rest.status).toBe(401);
    expect(JSON.parse(rest.text)).toMatchObject({
      code: 'LOAD_TOKEN_FAILED',
      status: 401,
    });
    sim.admin.clearFaults();
    expect(
      (await gql(sim.url, LABELS, undefined, third)).errors?.[0].code,
    ).toBe('LOAD_TOKEN_FAILED');
    expect(
      (await gql(sim.url, LABELS, undefined, await login(sim.url))).errors,
    ).toBeUndefined();
  });
});
