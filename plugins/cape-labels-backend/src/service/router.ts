import type {
  HttpAuthService,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { InputError, NotAllowedError, NotFoundError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { capeLabelsSweepRunPermission } from '@smartx-cape/plugin-cape-labels-common';
import express from 'express';
import Router from 'express-promise-router';
import type { RunStore } from '../database/types';
import type { SweepCoordinator } from '../sweep/SweepCoordinator';
import {
  parseAction,
  parseIntParam,
  parseOptionalRunId,
  parseRunId,
  parseSweepBody,
  parseTowerId,
} from './validation';

export type RouterOptions = {
  coordinator: SweepCoordinator;
  store: RunStore;
  httpAuth: HttpAuthService;
  permissions: PermissionsService;
  logger: LoggerService;
};

export async function createRouter(
  options: RouterOptions,
): Promise<express.Router> {
  const { coordinator, store, httpAuth, permissions } = options;
  const router = Router();

  router.use(express.json({ limit: '16kb' }));
  // Malformed JSON is the caller's mistake: answer 400 in Backstage's error shape.
  router.use(
    (
      error: unknown,
      _req: express.Request,
      _res: express.Response,
      next: express.NextFunction,
    ) => {
      const e = error as { type?: string; message?: string };
      if (e?.type === 'entity.parse.failed')
        return next(new InputError(`the body is not valid JSON: ${e.message}`));
      if (e?.type === 'entity.too.large')
        return next(new InputError('the body is too large'));
      return next(error);
    },
  );

  const readers = (req: express.Request) =>
    httpAuth.credentials(req, { allow: ['user', 'service'] });

  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/towers', async (req, res) => {
    await readers(req);
    res.json({ items: await coordinator.summaries() });
  });

  router.get('/towers/:towerId/runs', async (req, res) => {
    await readers(req);
    const tower = coordinator.getTower(parseTowerId(req.params.towerId));
    const limit = parseIntParam(req.query, 'limit', 20, 1, 100);
    const before = parseOptionalRunId(req.query, 'before');
    if (before) {
      const anchor = await store.getRun(before);
      if (!anchor || anchor.towerId !== tower.id)
        throw new NotFoundError(`No run '${before}' of Tower '${tower.id}'`);
    }
    res.json({ items: await store.listRuns(tower.id, { limit, before }) });
  });

  router.get('/runs/:runId', async (req, res) => {
    await readers(req);
    const runId = parseRunId(req.params.runId);
    const run = await store.getRun(runId);
    if (!run) throw new NotFoundError(`No run '${runId}'`);
    res.json(run);
  });

  router.get('/runs/:runId/labels', async (req, res) => {
    await readers(req);
    const runId = parseRunId(req.params.runId);
    const limit = parseIntParam(req.query, 'limit', 100, 1, 1000);
    const offset = parseIntParam(req.query, 'offset', 0, 0, 100_000_000);
    const action = parseAction(req.query);
    if (!(await store.getRun(runId)))
      throw new NotFoundError(`No run '${runId}'`);
    res.json(await store.listOutcomes(runId, { limit, offset, action }));
  });

  router.post('/towers/:towerId/sweep', async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const towerId = parseTowerId(req.params.towerId);
    const body = parseSweepBody(req.body);
    const [decision] = await permissions.authorize(
      [{ permission: capeLabelsSweepRunPermission }],
      { credentials },
    );
    if (decision.result !== AuthorizeResult.ALLOW) {
      throw new NotAllowedError(
        `You may not start sweeps (${capeLabelsSweepRunPermission.name})`,
      );
    }
    coordinator.getTower(towerId);
    const accepted = await coordinator.requestSweep({
      towerId,
      dryRun: body.dryRun,
      trigger: 'manual',
      requestedBy: credentials.principal.userEntityRef,
    });
    res.status(202).json(accepted);
  });

  return router;
}
