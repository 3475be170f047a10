import { execute } from 'graphql';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  analyze,
  asksIntrospection,
  formatError,
  INTROSPECTION_REFUSED,
  LockedLabelRefusal,
  shapeErrors,
  RequestContext,
  TowerErrorBody,
} from '../graphql';
import type { SimulatorCore } from '../tower';
import { applyFault, loseAnswer, sendHttpError } from './faultAnswers';
import { beginUnparsed, headerNames } from './gateway';
import { sendJson } from './respond';

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
    const entry = beginUnparsed(core, req);
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
    headerNames: headerNames(req),
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
  } else if (
    applyFault(core, res, entry, decision, {
      path: new URL(req.url ?? '/api', 'http://tower').pathname,
      token: tokenInfo?.token,
    })
  )
    return;
  const finish = (
    status: number,
    payload: { data: unknown; errors?: TowerErrorBody[] },
  ) => {
    if (lost) return;
    const codes = payload.errors?.map(e => e.code) ?? [];
    const done = () =>
      core.log.end(entry, codes.length ? 'errors' : 'ok', status, codes);
    const answer = payload.errors
      ? {
          ...payload,
          errors: shapeErrors(payload.errors, decision.errorCodeAt),
        }
      : payload;
    sendJson(res, status, answer, decision.oversizedBytes, done);
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
    refuseDeletes: decision.refuseDeletes,
  };
  const result = await execute({
    schema: core.schema,
    document: a.document,
    contextValue: ctx,
    variableValues: (body.variables ?? undefined) as
      Record<string, unknown> | undefined,
    operationName: a.operationName ?? undefined,
  });
  const locked = result.errors
    ?.map(e => e.originalError)
    .find(e => e instanceof LockedLabelRefusal)?.refusal.http;
  if (locked && !lost) {
    const path = new URL(req.url ?? '/api', 'http://tower').pathname;
    sendHttpError(res, locked, path, () =>
      core.log.end(entry, `fault:locked-${locked.status}`, locked.status, [
        locked.code,
      ]),
    );
    return;
  }
  const payload: { data: unknown; errors?: TowerErrorBody[] } = {
    data: result.data ?? null,
  };
  if (result.errors?.length) payload.errors = result.errors.map(formatError);
  finish(200, payload);
}
