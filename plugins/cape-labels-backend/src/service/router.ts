import type {
  HttpAuthService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import type { ApiRouter } from '@backstage/backend-openapi-utils';
import { InputError, toError } from '@backstage/errors';
import express from 'express';
import type { RunsStore } from '../database/RunStore';
import { createOpenApiRouter, spec } from '../schema/openapi.generated';
import { sendOutcomesCsv } from './outcomesCsv';
import type { TowerSweeps } from './sweepOnRequest';
import type { TowerReads } from './towerReads';
import { outcomeFilterOf } from './validation';

export type RouterOptions = {
  reads: TowerReads;
  sweeps: TowerSweeps;
  store: RunsStore;
  httpAuth: HttpAuthService;
  logger: LoggerService;
};

function callerError(error: unknown): unknown {
  const type = (error as { type?: unknown } | null | undefined)?.type;
  if (type === 'entity.parse.failed')
    return new InputError(
      `the body is not valid JSON: ${toError(error).message}`,
    );
  if (type === 'entity.too.large')
    return new InputError('the body is too large');
  return error;
}

const parseJson = express.json({ limit: '16kb' });

/** A plain request handler, not an error handler: the validated router's `middleware` takes no other. */
const jsonBody: express.RequestHandler = (req, res, next) =>
  parseJson(req, res, (error?: unknown) => next(callerError(error)));

export async function createRouter(
  options: RouterOptions,
): Promise<ApiRouter<typeof spec>> {
  const { reads, sweeps, store, httpAuth, logger } = options;
  const router = await createOpenApiRouter({ middleware: [jsonBody] });

  const caller = (req: Parameters<HttpAuthService['credentials']>[0]) =>
    httpAuth.credentials(req, { allow: ['user', 'service'] });

  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/towers', async (req, res) => {
    res.json(await reads.towers(await caller(req)));
  });

  router.get('/towers/:towerId/runs', async (req, res) => {
    const page = { ...req.query, ...req.params };
    res.json(await reads.runs(await caller(req), page));
  });

  router.get('/towers/:towerId/top-sources', async (req, res) => {
    const query = { ...req.query, ...req.params };
    res.json(await reads.topSources(await caller(req), query));
  });

  router.get('/runs/:runId', async (req, res) => {
    res.json(await reads.run(await caller(req), req.params.runId));
  });

  router.get('/runs/:runId/labels', async (req, res) => {
    const page = { ...req.query, ...req.params };
    res.json(await reads.outcomes(await caller(req), page));
  });

  router.get('/runs/:runId/labels.csv', async (req, res) => {
    const run = await reads.run(await caller(req), req.params.runId);
    const filter = outcomeFilterOf(req.query);
    await sendOutcomesCsv(res, store, run, filter, logger, req.query.lang);
  });

  router.post('/towers/:towerId/sweep', async (req, res) => {
    // A request without a body has no dryRun: the spec's default fills in bodies only.
    const dryRun = req.body.dryRun === true;
    const { towerId } = req.params;
    const audit = { request: req };
    res
      .status(202)
      .json(await sweeps.request(await caller(req), towerId, dryRun, audit));
  });

  router.post('/towers/:towerId/stop', async (req, res) => {
    const { towerId } = req.params;
    const audit = { request: req };
    res.status(202).json(await sweeps.stop(await caller(req), towerId, audit));
  });

  return router;
}
