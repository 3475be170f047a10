import type { ServerResponse } from 'node:http';
import type { FaultDecision, HttpErrorAnswer } from '../faults';
import { shapeErrors, type TowerErrorBody } from '../graphql';
import type { RequestLogEntry } from '../requestLog';
import type { SimulatorCore } from '../tower';
import { sendHtml, sendJson, sendMalformed, stallMidBody } from './respond';

/** The answer of a request that is still carried out never arrives: a hang or a reset. */
export function loseAnswer(
  core: SimulatorCore,
  res: ServerResponse,
  entry: RequestLogEntry,
  answer: 'hang' | 'reset',
): void {
  core.log.end(entry, `fault:lost-answer-${answer}`, 0, [], false);
  if (answer === 'reset') res.socket?.destroy();
}

/** An HTTP error status with an HTML page, or the REST ErrorBody `{code, message, status, path}`. */
export function sendHttpError(
  res: ServerResponse,
  http: HttpErrorAnswer,
  path: string,
  done: () => void,
): void {
  if (http.body === 'html') sendHtml(res, http.status, done);
  else
    sendJson(
      res,
      http.status,
      { code: http.code, message: http.message, status: http.status, path },
      0,
      done,
    );
}

/** A GraphQL error answer (HTTP 200, data null) with the code where the decision puts it. */
function sendGraphqlError(
  res: ServerResponse,
  d: FaultDecision,
  error: TowerErrorBody,
  done: () => void,
): void {
  const body = { data: null, errors: shapeErrors([error], d.errorCodeAt) };
  sendJson(res, 200, body, d.oversizedBytes, done);
}

/** Answers a faulted request; returns false when the request should go on normally. */
export function applyFault(
  core: SimulatorCore,
  res: ServerResponse,
  entry: RequestLogEntry,
  d: FaultDecision,
  ctx: { path: string; token?: string },
): boolean {
  const act = d.action;
  const path = entry.rootFields.slice(0, 1);
  switch (act.kind) {
    case 'hang':
      if (act.mode === 'mid-body') stallMidBody(res);
      core.log.end(
        entry,
        `fault:hang-${act.mode}`,
        act.mode === 'mid-body' ? 200 : 0,
        [],
        false,
      );
      return true;
    case 'http-status':
      sendHttpError(res, act, ctx.path, () =>
        core.log.end(entry, `fault:http-${act.status}`, act.status, [act.code]),
      );
      return true;
    case 'auth-error': {
      if (ctx.token) core.auth.revoke(ctx.token);
      const status = act.http?.status ?? 200;
      const done = () =>
        core.log.end(entry, 'fault:auth-error', status, ['LOAD_TOKEN_FAILED']);
      if (act.http) sendHttpError(res, act.http, ctx.path, done);
      else
        sendGraphqlError(
          res,
          d,
          { message: 'failed to load token', code: 'LOAD_TOKEN_FAILED', path },
          done,
        );
      return true;
    }
    case 'malformed':
      sendMalformed(res, () => core.log.end(entry, 'fault:malformed', 200));
      return true;
    case 'error':
      sendGraphqlError(
        res,
        d,
        { message: act.message, code: act.code, path },
        () => core.log.end(entry, 'fault:error', 200, [act.code]),
      );
      return true;
    default:
      return false;
  }
}
