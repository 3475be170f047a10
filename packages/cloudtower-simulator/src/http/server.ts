import {
  createServer as createHttpServer,
  IncomingMessage,
  Server,
  ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { ADMIN_PREFIX, handleAdmin, SimulatorAdmin } from '../admin';
import {
  AuthnStrategy,
  AuthService,
  DEFAULT_USERS,
  Lockout,
  SimulatorUser,
} from '../auth';
import { FaultConfig, FaultEngine } from '../faults';
import { towerSchema } from '../graphql';
import { RequestLog } from '../requestLog';
import { applyScenario, ScenarioSpec } from '../scenarios';
import { SimulatorCore, towerProfile, TowerVersion } from '../tower';
import { CounterLag, HolderRoot, Store } from '../world';
import { refusedByGateway } from './gateway';
import { handleGraphql } from './graphqlHttp';

export interface SimulatorOptions {
  /** Port to listen on; 0 (default) = a random free port. */
  port?: number;
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
  /** Accepted users (default DEFAULT_USERS: admin / admin-password, LOCAL). */
  users?: SimulatorUser[];
  /** World to start with: a ScenarioSpec, a named scenario ('demo', 'large', 'large:50000') or a file path. */
  scenario?: ScenarioSpec | string;
  /** Delay before stored counters follow association changes (default 0 = immediately). */
  counterLag?: CounterLag;
  /** Alias of counterLag. */
  counterLagMs?: CounterLag;
  /** New labels start with null counters instead of 0. */
  nullCountersOnCreate?: boolean;
  faults?: FaultConfig;
  /** Serve HTTPS with this PEM key and certificate. */
  tls?: { key: string; cert: string };
  /** Clock for createdAt of new labels and scenario ages (default: real time). */
  clock?: () => Date;
  /**
   * How far this Tower's clock is from the real one (ms, negative = behind): shifts `clock`,
   * so createdAt stamps, scenario ages and the HTTP `Date` header all read Tower's own time.
   */
  clockOffsetMs?: number;
  /**
   * Seed of the random part of ids (default 1). Give each Tower of a test its own seed so that
   * ids never coincide across Towers (the CLI uses 1, 2, 3, ...).
   */
  idSeed?: number;
  /**
   * Which API the Tower speaks (default 'current'). 'legacy' (before 3.0): no `authnStrategies`,
   * no source AUTHN (LDAP users log in with source LDAP), Label without LEGACY_MISSING_RELATIONS.
   */
  towerVersion?: TowerVersion;
  /** Whether `__schema` / `__type` are answered (default: true on current, false on legacy). */
  introspection?: boolean;
  /** Relation fields beyond the 29 a newer Tower has (e.g. 'backup_plans' → BackupPlan, backup_plan_num). */
  extraRelations?: string[];
  /**
   * The objects holding labels without a relation on Label that this Tower has, by root query
   * (default: those of Tower 3.0, `holdersOfRelease('3.0')`).
   */
  holders?: readonly HolderRoot[];
  /** What `authnStrategies` answers (current Towers; default: one LDAP strategy when there are LDAP users). */
  authnStrategies?: AuthnStrategy[];
  /** Two-factor login on: a password login returns no token (MFA_REQUIRED); use `apiKeys`. */
  twoFactor?: boolean;
  /** API keys, each accepted as the raw Authorization header for every operation, with no login. */
  apiKeys?: string[];
  /** Accounts lock after refused logins (default: never); `admin.userLoginInfoes()` shows them. */
  lockout?: Lockout;
  /**
   * Headers a gateway in front of Tower wants on every `/api` request (name case-insensitive, exact
   * value): a request lacking one gets 403 with an HTML page, logged as 'gateway-refused'.
   */
  requiredHeaders?: Record<string, string>;
  /** Largest accepted request body (default 20 MB). */
  maxBodyBytes?: number;
}

export interface RunningSimulator {
  /** http(s)://127.0.0.1:<port>; GraphQL at url + '/api', admin at url + '/_sim'. */
  url: string;
  port: number;
  admin: SimulatorAdmin;
  stop(): Promise<void>;
}

function readBody(
  req: IncomingMessage,
  limit: number,
): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
    });
    req.on('end', () =>
      resolve(
        size > limit ? undefined : Buffer.concat(chunks).toString('utf8'),
      ),
    );
    req.on('error', reject);
  });
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/plain',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function towerClock(options: SimulatorOptions): () => Date {
  const base = options.clock ?? (() => new Date());
  const offset = options.clockOffsetMs ?? 0;
  return offset === 0 ? base : () => new Date(base().getTime() + offset);
}

/** Starts one simulated Tower. */
export async function startSimulator(
  options: SimulatorOptions = {},
): Promise<RunningSimulator> {
  const clock = towerClock(options);
  const profile = towerProfile(options);
  const { relations } = profile;
  const storeOptions = {
    counterLag: options.counterLag ?? options.counterLagMs ?? 0,
    clock,
    nullCountersOnCreate: options.nullCountersOnCreate,
    idSeed: options.idSeed,
    relations,
  };
  const core: SimulatorCore = {
    store: new Store(storeOptions),
    storeOptions,
    auth: new AuthService(
      options.users ?? [...DEFAULT_USERS],
      {
        legacy: profile.version === 'legacy',
        authnStrategies: options.authnStrategies,
        twoFactor: options.twoFactor,
        apiKeys: options.apiKeys,
        lockout: options.lockout,
      },
      clock,
    ),
    faults: new FaultEngine(options.faults),
    log: new RequestLog(),
    schema: towerSchema({
      legacy: profile.version === 'legacy',
      relations,
      holders: profile.holders,
    }),
    profile,
    requiredHeaders: { ...options.requiredHeaders },
  };
  if (options.scenario !== undefined)
    applyScenario(core.store, options.scenario);
  const admin = new SimulatorAdmin(core);
  const limit = options.maxBodyBytes ?? 20 * 1024 * 1024;

  const handler = async (
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> => {
    try {
      // Node would stamp the real time; a Tower stamps its own.
      res.setHeader('date', clock().toUTCString());
      const url = new URL(req.url ?? '/', 'http://simulator');
      const raw = await readBody(req, limit);
      if (raw === undefined) plain(res, 413, 'request body too large');
      else if (
        url.pathname === ADMIN_PREFIX ||
        url.pathname.startsWith(`${ADMIN_PREFIX}/`)
      ) {
        handleAdmin(admin, req.method ?? 'GET', url, raw, res);
      } else if (url.pathname !== '/api' && url.pathname !== '/api/')
        plain(res, 404, 'not found');
      else if (refusedByGateway(core, req, res)) return;
      else if (req.method !== 'POST') plain(res, 405, 'use POST');
      else await handleGraphql(core, req, res, raw);
    } catch (e) {
      if (!res.headersSent)
        plain(res, 500, `simulator error: ${(e as Error).message}`);
      else res.destroy();
    }
  };
  const listener = (req: IncomingMessage, res: ServerResponse) =>
    void handler(req, res);
  const server: Server = options.tls
    ? createHttpsServer(
        { key: options.tls.key, cert: options.tls.cert },
        listener,
      )
    : createHttpServer(listener);
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let urlHost = host.includes(':') ? `[${host}]` : host;
  if (host === '0.0.0.0' || host === '::') urlHost = '127.0.0.1';
  let stopped: Promise<void> | undefined;
  return {
    url: `${options.tls ? 'https' : 'http'}://${urlHost}:${port}`,
    port,
    admin,
    stop() {
      stopped ??= new Promise<void>(resolve => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy(); // hung requests and keep-alive connections
        core.store.dispose();
      });
      return stopped;
    },
  };
}
