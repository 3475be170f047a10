import { RunningSimulator, startSimulator } from '../http';
import { adminCall, gql, login } from '../testing';

const LABELS = 'query List { labels(first: 2) { id } }';

function post(url: string, token: string, query: string, signal?: AbortSignal) {
  return fetch(`${url}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ query }),
    signal,
  });
}

describe('faults', () => {
  let sim: RunningSimulator;
  let token: string;
  beforeAll(async () => {
    sim = await startSimulator({ scenario: 'small' });
    token = await login(sim.url);
  });
  afterEach(() => sim.admin.clearFaults());
  afterAll(() => sim.stop());

  it('adds fixed and random latency without blocking other requests', async () => {
    sim.admin.setFaults({ latencyMs: 200, match: { rootField: 'labels' } });
    const t0 = Date.now();
    const slow = gql(sim.url, LABELS, undefined, token);
    const fast = await gql(
      sim.url,
      '{ vms(first: 1) { id } }',
      undefined,
      token,
    );
    expect(Date.now() - t0).toBeLessThan(150);
    expect(fast.errors).toBeUndefined();
    expect((await slow).errors).toBeUndefined();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    sim.admin.setFaults({ latencyMs: { min: 50, max: 80 } });
    const t1 = Date.now();
    await gql(sim.url, LABELS, undefined, token);
    expect(Date.now() - t1).toBeGreaterThanOrEqual(45);
  });

  it('answers a fraction of requests with a GraphQL error', async () => {
    sim.admin.setFaults({ errorRate: 0.5, seed: 3 });
    const answers = [];
    for (let i = 0; i < 40; i++)
      answers.push(await gql(sim.url, LABELS, undefined, token));
    expect(answers.every(r => r.status === 200)).toBe(true);
    const failed = answers.filter(r => r.errors);
    for (const r of failed) {
      expect(r).toMatchObject({
        data: null,
        errors: [
          {
            message: 'simulated error',
            code: 'SIMULATED_ERROR',
            path: ['labels'],
          },
        ],
      });
    }
    const errors = failed.length;
    expect(errors).toBeGreaterThan(8);
    expect(errors).toBeLessThan(32);
  });

  it('applies a fault only to the matching root field or operation name', async () => {
    sim.admin.setFaults({
      rules: [
        {
          match: { rootField: 'deleteManyLabels' },
          errorRate: 1,
          errorCode: 'BOOM',
        },
      ],
    });
    expect(
      (await gql(sim.url, LABELS, undefined, token)).errors,
    ).toBeUndefined();
    const d = await gql(
      sim.url,
      'mutation { deleteManyLabels(where: {}) { count } }',
      undefined,
      token,
    );
    expect(d.errors?.[0].code).toBe('BOOM');
    expect(sim.admin.summary().labels).toBe(40);
    sim.admin.setFaults({ match: { operationName: 'List' }, errorRate: 1 });
    expect(
      (await gql(sim.url, LABELS, undefined, token)).errors?.[0].code,
    ).toBe('SIMULATED_ERROR');
    expect(
      (
        await gql(
          sim.url,
          'query Other { labels(first: 1) { id } }',
          undefined,
          token,
        )
      ).errors,
    ).toBeUndefined();
  });

  it.each([500, 502, 503] as const)('answers HTTP %i', async status => {
    sim.admin.setFaults({ httpStatus: status });
    const res = await post(sim.url, token, LABELS);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('text/html');
    await res.text();
  });

  it("refuses, deleting nothing, a delete of a locked label: with a 5xx and Tower's ErrorBody, or a GraphQL error", async () => {
    const [locked, free] = ['locked', 'free'].map(
      value => sim.admin.createLabel({ key: 'cape-vip', value }).id,
    );
    const deleteOf = (ids: string[]) =>
      `mutation { deleteManyLabels(where: {id_in: ${JSON.stringify(ids)}}) { count } }`;
    sim.admin.setFaults({
      refuseDeletesOf: [locked],
      httpStatus: 500,
      httpBody: 'json',
    });
    expect((await gql(sim.url, LABELS, undefined, token)).status).toBe(200);
    const refused = await post(sim.url, token, deleteOf([free, locked]));
    expect(refused.status).toBe(500);
    expect(await refused.json()).toEqual({
      code: 'ResourceLocked',
      message: 'resource is locked',
      status: 500,
      path: '/api',
    });
    expect(sim.admin.label(free)).toBeDefined();
    expect(sim.admin.requestLog().pop()).toMatchObject({
      outcome: 'fault:locked-500',
      errorCodes: ['ResourceLocked'],
    });
    sim.admin.setFaults({ refuseDeletesOf: [locked], errorCode: 'E_LOCK' });
    const asGraphql = await gql(sim.url, deleteOf([locked]), undefined, token);
    expect(asGraphql).toMatchObject({
      status: 200,
      errors: [{ code: 'E_LOCK', message: 'resource is locked' }],
    });
    const rest = await gql(sim.url, deleteOf([free]), undefined, token);
    expect(rest.data).toEqual({ deleteManyLabels: { count: 1 } });
    expect(sim.admin.label(locked)).toBeDefined();
  });

  it('never answers a hung request', async () => {
    sim.admin.setFaults({ hang: 'no-response' });
    await expect(
      post(sim.url, token, LABELS, AbortSignal.timeout(300)),
    ).rejects.toThrow();
    const last = sim.admin.requestLog().pop()!;
    expect(last).toMatchObject({
      outcome: 'fault:hang-no-response',
      endMs: null,
    });
  });

  it.each(['reset', 'hang'] as const)(
    'carries out a delete whose answer is lost (%s), even after a logout',
    async answer => {
      const id = sim.admin.createLabel({ key: 'cape-vip', value: 'lost' }).id;
      sim.admin.setFaults({
        match: { rootField: 'deleteManyLabels' },
        lostAnswer: { answer, commitAfterMs: 200 },
      });
      const deleteIt = `mutation { deleteManyLabels(where: {id_in: ["${id}"]}) { count } }`;
      const own = await login(sim.url);
      await expect(
        post(sim.url, own, deleteIt, AbortSignal.timeout(100)),
      ).rejects.toThrow();
      // Accepted on arrival: it commits even though its client has logged out since.
      await gql(sim.url, 'mutation { logout }', undefined, own);
      const entry = sim.admin
        .requestLog()
        .filter(e => e.rootFields.includes('deleteManyLabels'))
        .pop()!;
      expect(entry.outcome).toBe(`fault:lost-answer-${answer}`);
      while (sim.admin.label(id)) await new Promise(r => setTimeout(r, 20));
      expect(sim.admin.deletedLabels().find(d => d.id === id)?.via).toBe(
        'deleteManyLabels',
      );
    },
  );

  it('stalls mid-body', async () => {
    sim.admin.setFaults({ hang: 'mid-body' });
    const ac = new AbortController();
    const res = await post(sim.url, token, LABELS, ac.signal);
    expect(res.status).toBe(200);
    const timer = setTimeout(() => ac.abort(), 300);
    await expect(res.text()).rejects.toThrow();
    clearTimeout(timer);
  });

  it('answers malformed JSON', async () => {
    sim.admin.setFaults({ malformedRate: 1 });
    const res = await post(sim.url, token, LABELS);
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
  });

  it('streams an oversized (but valid) body', async () => {
    sim.admin.setFaults({ oversizedBytes: 3 * 1024 * 1024 });
    const res = await post(sim.url, token, LABELS);
    const text = await res.text();
    expect(text.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(JSON.parse(text).data.labels).toHaveLength(2);
  });

  it('returns pages larger than asked', async () => {
    sim.admin.setFaults({ pageOverflow: 5 });
    const r = await gql(sim.url, LABELS, undefined, token);
    expect(r.data.labels).toHaveLength(7);
  });

  it('revokes the token after N requests', async () => {
    const t = await login(sim.url);
    sim.admin.setFaults({ revokeTokenAfterRequests: 3 });
    for (let i = 0; i < 3; i++)
      expect((await gql(sim.url, LABELS, undefined, t)).errors).toBeUndefined();
    expect((await gql(sim.url, LABELS, undefined, t)).errors?.[0].code).toBe(
      'LOAD_TOKEN_FAILED',
    );
    const fresh = await login(sim.url);
    expect(
      (await gql(sim.url, LABELS, undefined, fresh)).errors,
    ).toBeUndefined();
  });

  it('is switched over admin HTTP', async () => {
    await adminCall(sim.url, 'POST', '/faults', {
      errorRate: 1,
      errorCode: 'VIA_HTTP',
    });
    expect(
      (await gql(sim.url, LABELS, undefined, token)).errors?.[0].code,
    ).toBe('VIA_HTTP');
    expect(await adminCall(sim.url, 'GET', '/faults')).toEqual({
      errorRate: 1,
      errorCode: 'VIA_HTTP',
    });
    await adminCall(sim.url, 'DELETE', '/faults');
    expect(
      (await gql(sim.url, LABELS, undefined, token)).errors,
    ).toBeUndefined();
  });
});

describe('request log with impatient clients', () => {
  it('ends the entry of a request whose client went away', async () => {
    const sim = await startSimulator();
    try {
      const token = await login(sim.url);
      sim.admin.setFaults({ latencyMs: 300 });
      await expect(
        post(sim.url, token, LABELS, AbortSignal.timeout(50)),
      ).rejects.toThrow();
      await new Promise(r => setTimeout(r, 400));
      expect(sim.admin.requestCounters().inFlight).toBe(0);
      expect(sim.admin.requestLog().pop()).toMatchObject({
        outcome: 'client-closed',
      });
    } finally {
      await sim.stop();
    }
  });
});
