import type { ApiRouter } from '@backstage/backend-openapi-utils';
import {
  emptyRunCounts,
  type Run,
  type TopSources,
  type TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import express from 'express';
import request from 'supertest';
import { specProblems } from '../schema/__testUtils__/specAnswers';
import { createOpenApiRouter, spec } from '../schema/openapi.generated';
import { createRouter, type RouterOptions } from './router';

/**
 * The router's handlers get req and res typed from openapi.yaml (createOpenApiRouter, not widened
 * to express.Router). `npx tsc` compiles this file: every `@ts-expect-error` below must meet a type
 * error, so an answer outside the spec that compiled would fail tsc. Jest then serves the same
 * answers through the real validated router and measures them against the spec: what tsc refuses,
 * the spec refuses; what the common types allow, both accept.
 */
type SpecRouter = ApiRouter<typeof spec>;

const lostExternalRun: Run = {
  id: 'r1',
  towerId: 't1',
  trigger: 'external',
  dryRun: true,
  status: 'lost',
  startedAt: '2026-01-02T03:04:05.000Z',
  finishedAt: null,
  durationMs: null,
  counts: emptyRunCounts(),
  keptByReason: {},
  instance: 'host:1',
  settings: {
    minAge: 'P1D',
    confirmAfter: 'PT0S',
    maxDeletesPerRun: 1,
    keys: [],
  },
};
const { settings: _settings, ...lostExternalSummary } = lostExternalRun;

const tower: TowerSummary = {
  id: 't1',
  title: 'T1',
  server: 'https://tower.example',
  resourcePrefix: 'cape',
  dryRun: true,
  running: false,
  nextRunAt: null,
  lastRun: lostExternalSummary,
  owner: null,
  notify: [],
  rules: {
    minAge: 'P1D',
    confirmAfter: null,
    maxDeletesPerRun: 1,
    dryRun: true,
    schedule: { frequency: 'P1D', timeout: 'PT30M' },
  },
};

const topSources: TopSources = {
  days: 30,
  since: '2026-01-01T00:00:00.000Z',
  clusters: [],
  namespaces: [],
};

/** A route registered on its own validated router, and how the test calls it. */
type Case = {
  /** The spec's path template. */
  path: string;
  method: 'get' | 'post';
  url: string;
  status: number;
  register: (router: SpecRouter) => void;
};
const get = (path: string, url: string) =>
  ({ method: 'get', path, url, status: 200 }) as const;
const postAccepted = (path: string, url: string) =>
  ({ method: 'post', path, url, status: 202 }) as const;

/** Answers the common types allow: they compile, and the spec accepts them. */
const withinSpec: Case[] = [
  {
    ...get('/runs/{runId}', '/runs/r1'),
    register: router =>
      router.get('/runs/:runId', (_req, res) => {
        res.json(lostExternalRun);
      }),
  },
  {
    ...get('/towers', '/towers'),
    register: router =>
      router.get('/towers', (_req, res) => {
        res.json({ items: [tower] });
      }),
  },
];

/** Answers outside the spec: tsc refuses each handler, and the spec names the same problem. */
const outsideSpec: Array<Case & { problem: RegExp }> = [
  {
    ...get('/health', '/health'),
    problem: /additionalProperty.*version/,
    register: router =>
      router.get('/health', (_req, res) => {
        // @ts-expect-error `version` is not in the spec's health answer
        res.json({ status: 'ok', version: '1' });
      }),
  },
  {
    ...get('/runs/{runId}', '/runs/r1'),
    problem: /unevaluatedProperty.*password/,
    register: router =>
      router.get('/runs/:runId', (_req, res) => {
        // @ts-expect-error `password` is in no answer of the route (Run, nor the error body)
        res.json({ ...lostExternalRun, password: 'secret' });
      }),
  },
  {
    ...get('/towers/{towerId}/top-sources', '/towers/t1/top-sources'),
    problem: /^\/days must be integer/,
    register: router =>
      router.get('/towers/:towerId/top-sources', (_req, res) => {
        // @ts-expect-error `days` is a number
        res.json({ ...topSources, days: 'all' });
      }),
  },
  {
    ...postAccepted('/towers/{towerId}/sweep', '/towers/t1/sweep'),
    problem: /additionalProperty.*runId/,
    register: router =>
      router.post('/towers/:towerId/sweep', (_req, res) => {
        // @ts-expect-error `runId` is not in the spec's 202 answer
        res.status(202).json({ requestId: 'q1', runId: 'r1' });
      }),
  },
];

/**
 * The known limit: tsc refuses a field outside the spec where it is written in the answer (an
 * object literal); a value that got one elsewhere still compiles. The replay test (and the spec
 * at run time) is what catches those.
 */
const compilesOutsideSpec: Case = {
  ...get('/runs/{runId}', '/runs/r1'),
  register: router =>
    router.get('/runs/:runId', (_req, res) => {
      const withPassword = { ...lostExternalRun, password: 'secret' };
      res.json(withPassword);
    }),
};

async function answerOf(c: Case) {
  const router = await createOpenApiRouter({ middleware: [express.json()] });
  c.register(router);
  const app = express().use(router);
  const res = await request(app)
    [c.method](c.url)
    .send(c.method === 'post' ? {} : undefined);
  expect({ url: c.url, status: res.status }).toEqual({
    url: c.url,
    status: c.status,
  });
  return specProblems(c.path, c.method, {
    status: res.status,
    type: String(res.headers['content-type'] ?? ''),
    body: res.body,
    text: res.text,
  });
}

describe('the validated router types answers from the spec', () => {
  it.each(withinSpec.map(c => [`${c.method} ${c.url}`, c] as const))(
    '%s: a common-type answer compiles and the spec accepts it',
    async (_name, c) => {
      expect(await answerOf(c)).toEqual([]);
    },
  );

  it.each(outsideSpec.map(c => [`${c.method} ${c.url}`, c] as const))(
    '%s: an answer tsc refuses is one the spec refuses',
    async (_name, c) => {
      expect(await answerOf(c)).toEqual([expect.stringMatching(c.problem)]);
    },
  );

  it('a value that got a field outside the spec elsewhere compiles (known limit); the spec refuses it', async () => {
    expect(await answerOf(compilesOutsideSpec)).toEqual([
      expect.stringMatching(/unevaluatedProperty.*password/),
    ]);
  });
});

describe('the router the plugin serves', () => {
  it('is the validated router, typed from the spec (not widened to express.Router)', async () => {
    const router = await createRouter({} as RouterOptions);
    // Added after the plugin's own /health, so never reached: it is here for tsc.
    router.get('/health', (_req, res) => {
      // @ts-expect-error `version` is not in the spec's health answer
      res.json({ status: 'ok', version: '1' });
    });
    const res = await request(express().use(router)).get('/health');
    expect(res.body).toEqual({ status: 'ok' });
  });
});
