import type { ServerResponse } from 'node:http';
import type { SimulatorAdmin } from './SimulatorAdmin';
import { SimulatorError } from '../errors';

/** Prefix of the simulator's own routes: not part of CloudTower. */
export const ADMIN_PREFIX = '/_sim';

type Body = Record<string, any>;
type Handler = (
  admin: SimulatorAdmin,
  params: string[],
  body: Body,
  query: URLSearchParams,
) => unknown;

/** [method, path pattern (':x' = param), handler]. */
const ROUTES: [string, string, Handler][] = [
  ['GET', '/health', () => ({ status: 'ok' })],
  ['GET', '/state', a => ({ ...a.summary(), faults: a.faults() })],
  ['GET', '/labels', a => ({ items: a.labels() })],
  [
    'POST',
    '/labels',
    (a, _p, b) =>
      Array.isArray(b.labels)
        ? { items: a.createLabels(b.labels) }
        : a.createLabel(b as any),
  ],
  ['GET', '/labels/:id', (a, [id]) => a.label(id) ?? notFound(`label ${id}`)],
  ['DELETE', '/labels/:id', (a, [id]) => ({ deleted: a.deleteLabel(id) })],
  ['POST', '/labels/:id/counters', (a, [id], b) => a.setCounters(id, b)],
  ['GET', '/deleted', a => ({ items: a.deletedLabels() })],
  [
    'POST',
    '/recompute-counters',
    (a, _p, b) => {
      a.recomputeCounters(b.ids);
      return { ok: true };
    },
  ],
  ['GET', '/counter-lag', a => ({ counterLag: a.counterLag })],
  [
    'POST',
    '/counter-lag',
    (a, _p, b) => {
      a.setCounterLag(b.counterLag);
      return { counterLag: a.counterLag };
    },
  ],
  ['GET', '/vms', a => ({ items: a.vms() })],
  ['POST', '/vms', (a, _p, b) => a.createVm(b as any)],
  ['DELETE', '/vms/:id', (a, [id]) => ({ deleted: a.deleteVm(id) })],
  [
    'POST',
    '/vms/:id/recycle-bin',
    (a, [id], b) => a.setRecycleBin(id, b.inRecycleBin !== false),
  ],
  ['GET', '/security-policies', a => ({ items: a.securityPolicies() })],
  [
    'POST',
    '/security-policies',
    (a, _p, b) => a.createSecurityPolicy(b as any),
  ],
  [
    'DELETE',
    '/security-policies/:id',
    (a, [id]) => ({ deleted: a.deleteSecurityPolicy(id) }),
  ],
  ['GET', '/everoute-policies', a => ({ items: a.everoutePolicies() })],
  ['GET', '/holders', a => ({ items: a.holders() })],
  [
    'POST',
    '/holders/:root',
    (a, [root], b) => a.createHolder(root as any, b as any),
  ],
  [
    'DELETE',
    '/holders/:root/:id',
    (a, [, id]) => ({ deleted: a.deleteHolder(id) }),
  ],
  [
    'POST',
    '/everoute-policies',
    (a, _p, b) => a.createEveroutePolicy(b as any),
  ],
  [
    'DELETE',
    '/everoute-policies/:id',
    (a, [id]) => ({ deleted: a.deleteEveroutePolicy(id) }),
  ],
  ['GET', '/objects/:relation', (a, [r]) => ({ items: a.objects(r) })],
  ['POST', '/objects/:relation', (a, [r], b) => a.createObject(r, b)],
  [
    'DELETE',
    '/objects/:relation/:id',
    (a, [r, id]) => ({ deleted: a.deleteObject(r, id) }),
  ],
  ['POST', '/attach', (a, _p, b) => a.attach(b)],
  ['POST', '/detach', (a, _p, b) => a.detach(b) ?? notFound('label')],
  ['GET', '/faults', a => a.faults()],
  [
    'POST',
    '/faults',
    (a, _p, b) => {
      a.setFaults(b);
      return a.faults();
    },
  ],
  [
    'DELETE',
    '/faults',
    a => {
      a.clearFaults();
      return a.faults();
    },
  ],
  [
    'GET',
    '/log',
    (a, _p, _b, q) => ({ items: a.requestLog(Number(q.get('since') ?? 0)) }),
  ],
  ['GET', '/counters', a => a.requestCounters()],
  [
    'POST',
    '/reset-log',
    a => {
      a.resetLog();
      return { ok: true };
    },
  ],
  ['GET', '/tokens', a => ({ items: a.tokens() })],
  [
    'POST',
    '/tokens/revoke',
    (a, _p, b) => ({ revoked: a.revokeTokens(b.token ?? b.tokenId) }),
  ],
  ['GET', '/users', a => ({ items: a.users() })],
  [
    'POST',
    '/users',
    (a, _p, b) => {
      a.setUsers(b.users);
      return { items: a.users() };
    },
  ],
  ['GET', '/user-login-infoes', a => ({ items: a.userLoginInfoes() })],
  [
    'POST',
    '/users/unlock',
    a => {
      a.unlockUsers();
      return { items: a.userLoginInfoes() };
    },
  ],
  ['POST', '/scenario', (a, _p, b) => a.loadScenario(b.scenario ?? b)],
];

class NotFound extends Error {}

function notFound(what: string): never {
  throw new NotFound(`${what} not found`);
}

function match(pattern: string, path: string): string[] | undefined {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return undefined;
  const params: string[] = [];
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(':')) params.push(decodeURIComponent(s[i]));
    else if (p[i] !== s[i]) return undefined;
  }
  return params;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body ?? null);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Handles a request under /_sim (no Tower token needed). */
export function handleAdmin(
  admin: SimulatorAdmin,
  method: string,
  url: URL,
  raw: string,
  res: ServerResponse,
): void {
  const path =
    url.pathname.slice(ADMIN_PREFIX.length).replace(/\/$/, '') || '/';
  let body: Body = {};
  if (raw.trim()) {
    try {
      body = JSON.parse(raw);
    } catch {
      send(res, 400, { error: 'invalid JSON body' });
      return;
    }
  }
  const candidates = ROUTES.filter(([, pattern]) => match(pattern, path));
  const route = candidates.find(([m]) => m === method);
  if (!route) {
    send(res, candidates.length ? 405 : 404, {
      error: `no route ${method} ${url.pathname}`,
    });
    return;
  }
  try {
    send(
      res,
      200,
      route[2](admin, match(route[1], path)!, body, url.searchParams),
    );
  } catch (e) {
    const err = e as Error;
    if (err instanceof NotFound) send(res, 404, { error: err.message });
    else if (err instanceof SimulatorError)
      send(res, err.code === 'RESOURCE_NOT_FOUND' ? 404 : 400, {
        error: err.message,
        code: err.code,
      });
    else send(res, 400, { error: err.message });
  }
}
