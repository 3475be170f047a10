import type { ErrorRequestHandler } from 'express';
import express from 'express';
import request from 'supertest';
import { createOpenApiRouter } from './openapi.generated';
import { REFUSED_LIMITS } from '../__testUtils__/refusedLimits';

/**
 * What the validated router (openapi.yaml) hands a handler, and what it refuses before any
 * handler runs: an InputError naming the parameter (400 in Backstage's error handler). The
 * routes rely on these rules and do not check them again.
 */
type Handed = { query?: unknown; body?: unknown };

async function validatedApp() {
  const router = await createOpenApiRouter({
    // larger than the plugin's 16kb, to reach the validator with a large body
    middleware: [express.json({ limit: '1mb' })],
  });
  const handed: Handed[] = [];
  router.get('/towers/:towerId/runs', (req, res) => {
    handed.push({ query: req.query });
    res.json({ items: [] });
  });
  router.get('/runs/:runId/labels', (req, res) => {
    handed.push({ query: req.query });
    res.json({ items: [], total: 0, countedOnly: [] });
  });
  router.post('/towers/:towerId/sweep', (req, res) => {
    handed.push({ body: req.body });
    res.status(202).json({ requestId: 'q1' });
  });
  const refused: ErrorRequestHandler = (error, _req, res, _next) => {
    res.status(400).json({ name: error.name, message: error.message });
  };
  return { app: express().use(router).use(refused), handed };
}

describe('the validated router', () => {
  let app: express.Express;
  let handed: Handed[];
  beforeAll(async () => {
    ({ app, handed } = await validatedApp());
  });
  beforeEach(() => handed.splice(0));

  /** The error the router refused `url` with, or undefined when a handler ran. */
  async function refusal(url: string) {
    const res = await request(app).get(url);
    return res.status === 400 ? res.body : undefined;
  }

  it('hands limit over as one whole number within bounds, 20 by default', async () => {
    for (const [query, limit] of [
      ['', 20],
      ['?limit=1', 1],
      ['?limit=100', 100],
    ] as const) {
      await request(app).get(`/towers/t1/runs${query}`).expect(200);
      expect(handed.pop()).toEqual({ query: { limit } });
    }
    for (const query of REFUSED_LIMITS) {
      expect(await refusal(`/towers/t1/runs?${query}`)).toEqual({
        name: 'InputError',
        message: expect.stringContaining('limit'),
      });
    }
    expect(handed).toEqual([]);
  });

  it('refuses a before given twice, naming it', async () => {
    await request(app).get('/towers/t1/runs?before=r1').expect(200);
    expect(handed.pop()).toEqual({ query: { before: 'r1', limit: 20 } });
    expect(await refusal('/towers/t1/runs?before=r1&before=r2')).toEqual({
      name: 'InputError',
      message: expect.stringContaining('before'),
    });
  });

  it('hands over the four actions only, once', async () => {
    for (const action of ['deleted', 'would-delete', 'kept', 'failed']) {
      await request(app).get(`/runs/r1/labels?action=${action}`).expect(200);
      expect(handed.pop()).toEqual({
        query: { action, limit: 100, offset: 0 },
      });
    }
    for (const query of [
      'action=DELETED',
      'action=raced',
      'action=',
      'action=kept&action=kept',
    ]) {
      expect(await refusal(`/runs/r1/labels?${query}`)).toEqual({
        name: 'InputError',
        message: expect.stringContaining('action'),
      });
    }
  });

  it('hands the sweep body over as {} or {dryRun: boolean}, and refuses anything else', async () => {
    const post = () =>
      request(app)
        .post('/towers/t1/sweep')
        .set('Content-Type', 'application/json');
    // Without a body there is no dryRun (the spec's default fills in bodies only).
    await request(app).post('/towers/t1/sweep').expect(202);
    expect(handed.pop()).toEqual({ body: {} });
    for (const [body, dryRun] of [
      [{}, false],
      [{ dryRun: true }, true],
      [{ dryRun: false }, false],
    ] as const) {
      await post().send(body).expect(202);
      expect(handed.pop()).toEqual({ body: { dryRun } });
    }
    for (const body of [
      [],
      'x',
      1,
      true,
      { dryRun: 'true' },
      { dryRun: null },
      { dryRun: 0 },
      { other: 1 },
    ]) {
      const res = await post().send(JSON.stringify(body));
      expect(res.status).toBe(400);
      expect(res.body.name).toBe('InputError');
    }
    expect(handed).toEqual([]);
  });

  it('refuses unknown body fields briefly, without echoing them', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 1000 }, (_, i) => [`k${'x'.repeat(100)}${i}`, 1]),
    );
    const res = await request(app).post('/towers/t1/sweep').send(many);
    expect(res.status).toBe(400);
    // Named, but briefly: the message must not echo a huge body.
    expect(res.body.message).toMatch(
      /^request\/body must NOT have additional properties$/,
    );
    expect(res.body.message).not.toContain('kxx');
  });
});
