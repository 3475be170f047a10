/* eslint jest/expect-expect: ["warn", { "assertFunctionNames": ["expect", "replay"] }] */
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Run } from '@smartx-cape/plugin-cape-labels-common';
import {
  BASE,
  auth,
  oldDate,
  startCapeBackend,
  type CapeBackend,
} from '../service/__testUtils__/testBackend';
import { documentedAnswers, specProblems } from './__testUtils__/specAnswers';
import { HOUR } from '../__testUtils__/time';

type Call = {
  method: 'get' | 'post';
  /** The spec's path template. */
  path: string;
  /** The request's path, under the plugin's base. */
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
};

/**
 * Replays real answers of every route (served by the plugin on a test backend, sweeping the
 * simulator) against openapi.yaml: each status, media type and body must be what the spec says.
 */
describe('the OpenAPI spec agrees with what the routes answer', () => {
  let b: CapeBackend;
  let run: Run;
  let preview: Run;
  const seen = new Set<string>();

  beforeAll(async () => {
    b = await startCapeBackend();
    const { admin } = b.sim;
    for (const [key, value] of [
      ['cape-cluster-name', 'leaky'],
      ['cape-cluster-name', 'leaky'],
      ['cape-namespace', 'ns-a'],
      ['cape-vip', '10.0.0.1'],
    ])
      admin.createLabel({ key, value, createdAt: oldDate() });
    admin.createLabel({
      key: 'cape-vip',
      value: 'young',
      createdAt: new Date(Date.now() - HOUR).toISOString(),
    });
    preview = await b.sweep('t1', { dryRun: true });
    run = await b.sweep('t1');
  }, 60_000);
  afterAll(async () => b?.stop());

  /** Sends the call, checks its answer against the spec, and returns the answer. */
  async function replay(call: Call, expectedStatus: number) {
    const request = b.http()[call.method](`${BASE}${call.url}`);
    request.set(call.headers ?? auth.user());
    const res = await (call.body === undefined
      ? request
      : request.send(call.body as object));
    expect({ url: call.url, status: res.status }).toEqual({
      url: call.url,
      status: expectedStatus,
    });
    const answer = {
      status: res.status,
      type: String(res.headers['content-type'] ?? ''),
      body: res.body,
      text: res.text,
    };
    expect({
      url: call.url,
      problems: specProblems(call.path, call.method, answer),
    }).toEqual({ url: call.url, problems: [] });
    seen.add(`${call.method} ${call.path} ${res.status}`);
    return res;
  }
  const get = (path: string, url: string, headers?: Record<string, string>) =>
    ({ method: 'get', path, url, headers }) as const;
  const stop = (url: string) =>
    ({ method: 'post', path: '/towers/{towerId}/stop', url }) as const;

  it('GET /health', async () => {
    await replay(get('/health', '/health', {}), 200);
  });

  it('GET /towers', async () => {
    const res = await replay(get('/towers', '/towers'), 200);
    expect(res.body.items[0].lastRun.id).toBe(run.id);
    await replay(get('/towers', '/towers', {}), 401);
  });

  it('GET /towers/{towerId}/runs', async () => {
    const path = '/towers/{towerId}/runs';
    const res = await replay(get(path, '/towers/t1/runs?limit=5'), 200);
    expect(res.body.items).toHaveLength(2);
    await replay(get(path, `/towers/t1/runs?before=${run.id}`), 200);
    await replay(get(path, '/towers/t1/runs?limit=0'), 400);
    await replay(get(path, '/towers/BAD!/runs'), 400);
    await replay(get(path, '/towers/nope/runs'), 404);
    await replay(get(path, '/towers/t1/runs?before=no-such-run'), 404);
  });

  it('GET /towers/{towerId}/top-sources', async () => {
    const path = '/towers/{towerId}/top-sources';
    const res = await replay(get(path, '/towers/t1/top-sources'), 200);
    expect(res.body.clusters).toEqual([{ value: 'leaky', deleted: 2 }]);
    await replay(get(path, '/towers/t1/top-sources?days=0'), 400);
    await replay(get(path, '/towers/nope/top-sources'), 404);
  });

  it('GET /runs/{runId}', async () => {
    const path = '/runs/{runId}';
    await replay(get(path, `/runs/${run.id}`), 200);
    await replay(get(path, `/runs/${preview.id}`), 200);
    await replay(get(path, '/runs/bad.id'), 400);
    await replay(get(path, '/runs/no-such-run'), 404);
  });

  it('GET /runs/{runId}/labels', async () => {
    const path = '/runs/{runId}/labels';
    const all = await replay(get(path, `/runs/${run.id}/labels`), 200);
    expect(all.body.total).toBe(5);
    await replay(
      get(path, `/runs/${run.id}/labels?action=kept&reason=young&key=`),
      200,
    );
    await replay(
      get(path, `/runs/${preview.id}/labels?limit=2&offset=1&search=LEAK`),
      200,
    );
    await replay(get(path, `/runs/${run.id}/labels?action=bogus`), 400);
    await replay(get(path, `/runs/${run.id}/labels?offset=-1`), 400);
    await replay(get(path, '/runs/no-such-run/labels'), 404);
  });

  it('GET /runs/{runId}/labels.csv', async () => {
    const path = '/runs/{runId}/labels.csv';
    const res = await replay(
      get(path, `/runs/${run.id}/labels.csv?action=deleted`),
      200,
    );
    expect(res.text.trim().split('\n')).toHaveLength(1 + 4);
    await replay(get(path, `/runs/${run.id}/labels.csv?reason=bogus`), 400);
    await replay(get(path, '/runs/no-such-run/labels.csv'), 404);
  });

  it('POST /towers/{towerId}/sweep', async () => {
    const path = '/towers/{towerId}/sweep';
    const post = (url: string, body: unknown) =>
      ({ method: 'post', path, url, body }) as const;
    await replay(post('/towers/t1/sweep', { dryRun: 'yes' }), 400);
    await replay(post('/towers/t1/sweep', { other: 1 }), 400);
    await replay(post('/towers/nope/sweep', {}), 404);
    await replay({ ...post('/towers/t1/sweep', {}), headers: {} }, 401);
    await replay(stop('/towers/t1/stop'), 409);
    await replay(stop('/towers/BAD!/stop'), 400);
    await replay(stop('/towers/nope/stop'), 404);
    await replay({ ...stop('/towers/t1/stop'), headers: {} }, 401);

    b.sim.admin.setFaults({ latencyMs: 300 });
    const first = replay(post('/towers/t1/sweep', { dryRun: true }), 202);
    await eventuallyRunning();
    await replay(post('/towers/t1/sweep', {}), 409);
    await replay(stop('/towers/t1/stop'), 202);
    await first;
    b.sim.admin.setFaults({});
  });

  it('answers 403 without the permissions', async () => {
    b.permission.result = AuthorizeResult.DENY;
    try {
      await replay(get('/towers', '/towers'), 403);
      await replay(get('/towers/{towerId}/runs', '/towers/t1/runs'), 403);
      await replay(
        get('/towers/{towerId}/top-sources', '/towers/t1/top-sources'),
        403,
      );
      await replay(get('/runs/{runId}', `/runs/${run.id}`), 403);
      await replay(get('/runs/{runId}/labels', `/runs/${run.id}/labels`), 403);
      await replay(
        get('/runs/{runId}/labels.csv', `/runs/${run.id}/labels.csv`),
        403,
      );
      const path = '/towers/{towerId}/sweep';
      const sweep = { method: 'post', path, url: '/towers/t1/sweep' } as const;
      // A Tower the caller may not read answers as an unknown one.
      await replay(sweep, 404);
      await replay(stop('/towers/t1/stop'), 404);
      b.permission.result = AuthorizeResult.ALLOW;
      b.permission.denied.add('cape-labels.sweep.run');
      await replay(sweep, 403);
      await replay(stop('/towers/t1/stop'), 403);
    } finally {
      b.permission.result = AuthorizeResult.ALLOW;
      b.permission.denied.clear();
    }
  });

  it('answers 401 without credentials', async () => {
    const none = {};
    await replay(get('/towers/{towerId}/runs', '/towers/t1/runs', none), 401);
    await replay(
      get('/towers/{towerId}/top-sources', '/towers/t1/top-sources', none),
      401,
    );
    await replay(get('/runs/{runId}', `/runs/${run.id}`, none), 401);
    await replay(
      get('/runs/{runId}/labels', `/runs/${run.id}/labels`, none),
      401,
    );
    await replay(
      get('/runs/{runId}/labels.csv', `/runs/${run.id}/labels.csv`, none),
      401,
    );
  });

  it('serves the spec itself at /openapi.json, to callers with credentials', async () => {
    const res = await b
      .http()
      .get(`${BASE}/openapi.json`)
      .set(auth.user())
      .expect(200);
    expect(Object.keys(res.body.paths)).toContain(`${BASE}/runs/{runId}`);
    await b.http().get(`${BASE}/openapi.json`).expect(401);
  });

  it('has replayed every answer the spec documents', () => {
    expect(documentedAnswers().filter(a => !seen.has(a))).toEqual([]);
  });

  async function eventuallyRunning() {
    for (let i = 0; i < 200; i++) {
      const towers = await b.get('/towers');
      if (towers.body.items[0].running) {
        // The running tower's summary is an answer too.
        await replay(get('/towers', '/towers'), 200);
        return;
      }
      await new Promise(r => setTimeout(r, 25));
    }
    throw new Error('the sweep never showed as running');
  }
});
