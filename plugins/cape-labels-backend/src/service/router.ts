import type {
  AuditorService,
  HttpAuthService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import type express from 'express';
import type { RunStore } from '../database';
import { createOpenApiRouter } from '../schema/openapi.generated';
import type { SweepCoordinator } from '../sweep/SweepCoordinator';
import type { TowerRegistry } from '../sweep/TowerRegistry';
import { callerOf, type CallerRequest } from './access';
import { jsonBody } from './jsonBody';
import { sendOutcomesCsv } from './outcomesCsv';
import type { SweepRequests } from './sweepRequests';
import type { TowerAccess } from './towerAccess';
import { manualSweeps } from './sweepOnRequest';
import { TowerReads } from './towerReads';
import {
  parseIntParam,
  parseOutcomeFilter,
  parseOptionalRunId,
  parseRunId,
  parseSweepBody,
  parseTowerId,
} from './validation';

export type RouterOptions = {
  towers: TowerRegistry;
  coordinator: SweepCoordinator;
  /** Where sweep requests go: the coordinator behind the permissions-off gate. */
  requests: SweepRequests;
  store: RunStore;
  httpAuth: HttpAuthService;
  /** Per-Tower decisions on cape-labels.read and cape-labels.sweep.run. */
  access: TowerAccess;
  auditor: AuditorService;
  /** Says when a CSV download is cut short. */
  logger: LoggerService;
};

export async function createRouter(
  options: RouterOptions,
): Promise<express.Router> {
  const {
    towers,
    coordinator,
    requests,
    store,
    httpAuth,
    access,
    auditor,
    logger,
  } = options;
  // Requests are checked against src/schema/openapi.yaml before any route runs (400 when not);
  // each handler's req and res are typed from it, so an answer outside the spec fails tsc.
  // The handlers still parse what they use (validation.ts names the bad field).
  const router = await createOpenApiRouter({
    middleware: [jsonBody('16kb')],
  });

  const reads = new TowerReads({ towers, coordinator, store, access });
  const sweeps = manualSweeps({ access, requests, auditor });
  const caller = (req: CallerRequest) => callerOf(httpAuth, req);

  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/towers', async (req, res) => {
    res.json({ items: await reads.towers(await caller(req)) });
  });

  router.get('/towers/:towerId/runs', async (req, res) => {
    const id = parseTowerId(req.params.towerId);
    const limit = parseIntParam(req.query, 'limit', 20, 1, 100);
    const before = parseOptionalRunId(req.query, 'before');
    const items = await reads.runs(await caller(req), id, { limit, before });
    res.json({ items });
  });

  router.get('/towers/:towerId/top-sources', async (req, res) => {
    const id = parseTowerId(req.params.towerId);
    const days = parseIntParam(req.query, 'days', 30, 1, 365);
    res.json(await reads.topSources(await caller(req), id, days));
  });

  router.get('/runs/:runId', async (req, res) => {
    res.json(await reads.run(await caller(req), parseRunId(req.params.runId)));
  });

  router.get('/runs/:runId/labels', async (req, res) => {
    const limit = parseIntParam(req.query, 'limit', 100, 1, 1000);
    const offset = parseIntParam(req.query, 'offset', 0, 0, 100_000_000);
    const filter = parseOutcomeFilter(req.query);
    const page = { limit, offset, ...filter };
    res.json(
      await reads.outcomes(
        await caller(req),
        parseRunId(req.params.runId),
        page,
      ),
    );
  });

  router.get('/runs/:runId/labels.csv', async (req, res) => {
    const filter = parseOutcomeFilter(req.query);
    const run = await reads.run(
      await caller(req),
      parseRunId(req.params.runId),
    );
    await sendOutcomesCsv(res, store, run, filter, logger);
  });

  router.post('/towers/:towerId/sweep', async (req, res) => {
    const answer = await sweeps(
      await caller(req),
      req.params.towerId,
      () => parseSweepBody(req.body),
      { request: req },
    );
    res.status(202).json(answer);
  });

  return router;
}
