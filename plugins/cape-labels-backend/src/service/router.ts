import type {
  AuditorService,
  HttpAuthService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { InputError, NotFoundError } from '@backstage/errors';
import express from 'express';
import type { RunStore } from '../database';
import { createOpenApiRouter } from '../schema/openapi.generated';
import type { SweepCoordinator } from '../sweep/SweepCoordinator';
import type { TowerRegistry } from '../sweep/TowerRegistry';
import { audited, callerOf, requesterOf } from './access';
import { sendOutcomesCsv } from './outcomesCsv';
import type { SweepRequests } from './sweepRequests';
import type { TowerAccess } from './towerAccess';
import { topSources } from './topSources';
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

/** Malformed JSON is the caller's mistake: answer 400 in Backstage's error shape. */
function jsonBodyErrors(
  error: unknown,
  _req: express.Request,
  _res: express.Response,
  next: express.NextFunction,
) {
  const e = error as { type?: string; message?: string };
  if (e?.type === 'entity.parse.failed')
    return next(new InputError(`the body is not valid JSON: ${e.message}`));
  if (e?.type === 'entity.too.large')
    return next(new InputError('the body is too large'));
  return next(error);
}

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
  // Requests are checked against src/schema/openapi.yaml before any route runs (400 when not).
  // Typed as a plain router: the handlers keep their own parsing (it names the bad field).
  const router: express.Router = await createOpenApiRouter({
    // Express tells an error handler by its four parameters; the option's type has no room for one.
    middleware: [
      express.json({ limit: '16kb' }),
      jsonBodyErrors as unknown as express.RequestHandler,
    ],
  });

  /** 404 unless the caller may read the Tower (403 when it may read none). */
  const readTower = async (req: express.Request) => {
    const towerId = parseTowerId(req.params.towerId);
    await access.requireRead(await callerOf(httpAuth, req), towerId);
    return towers.tower(towerId);
  };

  /** The run, 404 when it does not exist or its Tower is hidden from the caller. */
  const readRun = async (req: express.Request) => {
    const readable = await access.readable(await callerOf(httpAuth, req));
    const runId = parseRunId(req.params.runId);
    const run = await store.getRun(runId);
    if (!run || !readable(run.towerId))
      throw new NotFoundError(`No run '${runId}'`);
    return run;
  };

  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/towers', async (req, res) => {
    const readable = await access.readable(await callerOf(httpAuth, req));
    const summaries = await coordinator.summaries();
    res.json({ items: summaries.filter(t => readable(t.id)) });
  });

  router.get('/towers/:towerId/runs', async (req, res) => {
    const tower = await readTower(req);
    const limit = parseIntParam(req.query, 'limit', 20, 1, 100);
    const before = parseOptionalRunId(req.query, 'before');
    if (before) {
      const anchor = await store.getRun(before);
      if (!anchor || anchor.towerId !== tower.id)
        throw new NotFoundError(`No run '${before}' of Tower '${tower.id}'`);
    }
    res.json({ items: await store.listRuns(tower.id, { limit, before }) });
  });

  router.get('/towers/:towerId/top-sources', async (req, res) => {
    const tower = await readTower(req);
    const days = parseIntParam(req.query, 'days', 30, 1, 365);
    res.json(await topSources(store, tower, days, new Date()));
  });

  router.get('/runs/:runId', async (req, res) => {
    res.json(await readRun(req));
  });

  router.get('/runs/:runId/labels', async (req, res) => {
    const limit = parseIntParam(req.query, 'limit', 100, 1, 1000);
    const offset = parseIntParam(req.query, 'offset', 0, 0, 100_000_000);
    const filter = parseOutcomeFilter(req.query);
    const run = await readRun(req);
    // NotFoundError when the run was pruned meanwhile.
    res.json(await store.listOutcomes(run.id, { limit, offset, ...filter }));
  });

  router.get('/runs/:runId/labels.csv', async (req, res) => {
    const filter = parseOutcomeFilter(req.query);
    const run = await readRun(req);
    await sendOutcomesCsv(res, store, run, filter, logger);
  });

  router.post('/towers/:towerId/sweep', async (req, res) => {
    const credentials = await callerOf(httpAuth, req);
    const accepted = await audited(
      auditor,
      {
        eventId: 'sweep-request',
        severityLevel: 'medium',
        request: req,
        meta: { towerId: String(req.params.towerId) },
      },
      async () => {
        const towerId = parseTowerId(req.params.towerId);
        const body = parseSweepBody(req.body);
        await access.requireSweep(credentials, towerId);
        // requestSweep answers 404 for a Tower that is not configured.
        const answer = await requests.requestSweep({
          towerId,
          dryRun: body.dryRun,
          trigger: 'manual',
          requestedBy: requesterOf(credentials),
        });
        return { answer, meta: { ...answer, dryRun: body.dryRun } };
      },
    );
    res.status(202).json(accepted.answer);
  });

  return router;
}
