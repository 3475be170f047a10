import { execute } from 'graphql';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  analyze,
  asksIntrospection,
  formatError,
  INTROSPECTION_REFUSED,
  RequestContext,
  TowerErrorBody,
} from '../graphql';
import type { FaultDecision } from '../faults';
import type { RequestLogEntry } from '../requestLog';
import type { SimulatorCore } from '../tower';
import { sendHtml, sendJson, sendMalformed, stallMidBody } from './respond';

const sleep = (ms: number) => new Promise<void>(r => setTimeout(r, ms));

const PUBLIC_FIELDS = new Set(['login', 'authnStrategies', '__typename']);

/** Handles POST /api: faults, auth, execution, logging. */
export async function handleGraphql(
  core: SimulatorCore,
  req: IncomingMessage,
  res: ServerResponse,
  raw: string,
): Promise<void> {
  let body: { query?: unknown; variables?: unknown; operationName?: unknown };
  try {
    body = JSON.parse(raw);
    if (!body || typeof body !== 'object') throw new Error('not an object');
  } catch {
    const entry = core.log.begin({
      operationName: null,
      rootFields: [],
      startMs: Date.now(),
      tokenId: null,
      args: {},
    });
    sendJson(res, 400, {
      data: null,
      errors: [
        { message: 'invalid JSON body', code: 'BAD_REQUEST', path: null },
      ],
    });
    core.log.end(entry, 'bad-request', 400);
    return;
  }
  const startMs = Date.now();
  const a = analyze(core.schema, body);
  const header = req.headers.authorization;
  const tokenInfo = core.auth.check(
    typeof header === 'string' ? header : undefined,
  );
  const entry = core.log.begin({
    operationName: a.operationName,
    rootFields: a.rootFields,
    startMs,
    tokenId: tokenInfo?.id ?? null,
    args: a.args,
  });
  // A client that goes away before the answer is complete ends the request too.
  res.once('close', () => core.log.end(entry, 'client-closed', 0));
  const decision = core.faults.decide({
    operationName: a.operationName ?? undefined,
    rootFields: a.rootFields,
    tokenId: tokenInfo?.id,
  });
  if (decision.latencyMs > 0) await sleep(decision.latencyMs);
  const lost =
    decision.action.kind === 'lost-answer' ? decision.action : undefined;
  if (lost) {
    loseAnswer(core, res, entry, lost.answer);
    // Carried out all the same, later: the client has given up or lost the connection by then.
    await sleep(lost.commitAfterMs);
  } else if (applyFault(core, res, entry, decision)) return;
  const finish = (
    status: number,
    payload: { data: unknown; errors?: TowerErrorBody[] },
  ) => {
    if (lost) return;
    const codes = payload.errors?.map(e => e.code) ?? [];
    const done = () =>
      core.log.end(entry, codes.length ? 'errors' : 'ok', status, codes);
    sendJson(res, status, payload, decision.oversizedBytes, done);
  };
  if (a.errors || !a.document) {
    finish(200, { data: null, errors: a.errors });
    return;
  }
  if (!core.profile.introspection && asksIntrospection(a.document)) {
    finish(200, { data: null, errors: [INTROSPECTION_REFUSED] });
    return;
  }
  const needsToken = a.rootFields.some(f => !PUBLIC_FIELDS.has(f));
  // Re-check: the token may have been revoked while this request waited. A request whose
  // answer is lost was accepted on arrival: it commits even if the client logged out since.
  const token = lost
    ? tokenInfo
    : core.auth.check(typeof header === 'string' ? header : undefined);
  if (needsToken && !token) {
    finish(200, {
      data: null,
      errors: [
        {
          message: 'failed to load token',
          code: 'LOAD_TOKEN_FAILED',
          path: a.rootFields.slice(0, 1),
        },
      ],
    });
    return;
  }
  if (token) {
    token.requests += 1;
    if (core.faults.countTokenUse(decision.revokeRules, token.id))
      core.auth.revoke(token.token);
  }
  const ctx: RequestContext = {
    store: core.store,
    auth: core.auth,
    token,
    pageOverflow: decision.pageOverflow,
  };
  const result = await execute({
    schema: core.schema,
    document: a.document,
    contextValue: ctx,
    variableValues: (body.variables ?? undefined) as
      Record<string, unknown> | undefined,
    operationName: a.operationName ?? undefined,
  });
  const payload: { data: unknown; errors?: TowerErrorBody[] } = {
    data: result.data ?? null,
  };
  if (result.errors?.length) payload.errors = result.errors.map(formatError);
  finish(200, payload);
}

/** The answer of a request that is still carried out never arrives: a hang or a reset. */
function loseAnswer(
  core: SimulatorCore,
  res: ServerResponse,
  entry: RequestLogEntry,
  answer: 'hang' | 'reset',
): void {
  core.log.end(entry, `fault:lost-answer-${answer}`, 0, [], false);
  if (answer === 'reset') res.socket?.destroy();
}

/** Answers a faulted request; returns false when the request should go on normally. */
function applyFault(
  core: SimulatorCore,
  res: ServerResponse,
  entry: RequestLogEntry,
  d: FaultDecision,
): boolean {
  const act = d.action;
  switch (act.kind) {
    case 'none':
      return false;
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
      sendHtml(res, act.status, () =>
        core.log.end(entry, `fault:http-${act.status}`, act.status),
      );
      return true;
    case 'malformed':
      sendMalformed(res, () => core.log.end(entry, 'fault:malformed', 200));
      return true;
    case 'error': {
      const body = {
        data: null,
        errors: [
          {
            message: act.message,
            code: act.code,
            path: entry.rootFields.slice(0, 1),
          },
        ],
      };
      sendJson(res, 200, body, d.oversizedBytes, () =>
        core.log.end(entry, 'fault:error', 200, [act.code]),
      );
      return true;
    }
    default:
      return false;
  }
}
