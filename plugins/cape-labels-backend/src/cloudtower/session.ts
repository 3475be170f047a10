import type { LoggerService } from '@backstage/backend-plugin-api';
import { stringifyError, toError } from '@backstage/errors';
import type { PluginRunErrorCode } from '@smartx-cape/plugin-cape-labels-common';
import { ClientError, GraphQLClient } from 'graphql-request';
import { DateTime } from 'luxon';
import { STATUS_CODES } from 'node:http';
import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { Limiter } from '../lib/limiter';
import { plainText } from '../lib/plainText';
import {
  authFailureCode,
  classifyFetchError,
  graphqlErrorCode,
  MAX_ERROR_BODY_BYTES,
  parseAnswer,
  parseErrorBody,
  TowerAbortedError,
  TowerAuthError,
  TowerError,
  type TowerErrorContext,
  TowerGraphQLError,
  towerCodeOr,
  TowerHttpError,
  TowerOperation,
  TowerRedirectError,
  TowerResponseError,
} from './errors';
import * as ops from './operations';
import type {
  RequestFailureListener,
  TowerClockReading,
  TowerConnectionOptions,
  TowerCredentials,
  TowerLogin,
  Vars,
} from './types';

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/**
 * Requests in flight to one Tower unless `requestsInFlight` says otherwise. CAPE itself runs up to
 * 10 reconciles per controller against the same Tower; at 4 the sweep left a Tower that answers in
 * 5 ms idle for a third of the time (docs/performance.md, "Requests in flight: the default is now 8").
 */
export const DEFAULT_MAX_IN_FLIGHT = 8;
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Config ids quoted from Tower, at most (UTF-8 bytes each). */
const MAX_ID_BYTES = 128;

/** GraphQL codes of a refused login, whichever operation meets them. */
const LOGIN_CODES = new Set([
  'LOGIN_FAILED',
  'USER_NOT_FOUND',
  'USER_PASSWORD_INCORRECT',
]);

/** graphql-request parses an answer only when its content type says JSON. */
const JSON_HEADERS = new Headers({ 'content-type': 'application/json' });

/** A GraphQL error's words (an object of the answer, no JS error). */
const isMessage = (v: unknown): v is { message: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { message?: unknown }).message === 'string';

/** 127.0.0.0/8, ::1 and localhost, as `URL` spells a host (IPv4 canonical, IPv6 bracketed). */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/** Where every copy of undici, Node's own included, keeps the global dispatcher. */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

export function positiveInt(
  value: number | undefined,
  fallback: number,
  name: string,
): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 1) {
    throw new TypeError(`${name} must be a positive integer, got ${v}`);
  }
  return v;
}

export type PasswordCredentials = Extract<
  TowerCredentials,
  { kind: 'password' }
>;
type PasswordLogin = Extract<TowerLogin, { method: 'password' }>;

/** Tower's time as an HTTP `Date` header told it, or why it could not. */
type TowerTimeSample = { towerTimeMs: number } | { reason: string };

/** How one request goes on the wire: its credential, the caller's signal, the answer's `Date`. */
type SendOptions = {
  /** The token or API key, sent as `Authorization`; none for the login and `authnStrategies`. */
  auth?: string;
  signal?: AbortSignal;
  /** Told the `Date` header of a 2xx answer. */
  onDate?: (date: string | null) => void;
};

/**
 * One client's requests to one Tower: who the client is, and the wire every request travels.
 *
 * With a password: one login shared by concurrent callers (one in flight at a time), one fresh
 * login when Tower refuses the token, Tower's clock from the login's `Date` header, the logout.
 * With an API key: the key on every request, no login or logout, Tower's clock from the first
 * answer, and a refused key fails every later call without sending it again.
 *
 * On the wire: a slot among the requests in flight, `graphql-request` over undici's `request`
 * with the timeout, a body bounded while it streams, redirects refused, the Tower's own TLS
 * options and the environment's proxy. Every failure becomes a TowerError here, with every form
 * of every secret scrubbed from it: this is the one place requests fail.
 */
export class TowerSession {
  /** Requests in flight at once; also the number of listing chains run at once. */
  readonly maxInFlight: number;
  private readonly towerId: string;
  private readonly credentials: TowerCredentials;
  private readonly url: string;
  private readonly headers?: Readonly<Record<string, string>>;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly limiter: Limiter;
  private readonly tls: { rejectUnauthorized: boolean; ca?: string[] };
  /** Never in an error: the password or API key, the header values, every token given since. */
  private readonly secrets: Set<string>;
  /** Created on first use; close() releases its sockets. */
  private agent?: Dispatcher;
  private token?: string;
  private loginInFlight?: Promise<string>;
  /** How the password logs in, resolved once (LDAP: through `authnStrategies`). */
  private resolved?: PasswordLogin;
  /** How the session authenticated, once it has. */
  private authenticated?: TowerLogin;
  /** Tower's time, from the answer of the last login (an API key's first answer). */
  private timeSample?: TowerTimeSample;
  /** The code Tower refused the API key with. */
  private keyRefusedCode?: string;

  constructor(
    options: TowerConnectionOptions,
    private readonly logger?: Pick<LoggerService, 'debug' | 'info'>,
    private readonly onRequestFailed?: RequestFailureListener,
  ) {
    const { credentials, headers, caCert } = options;
    this.towerId = options.towerId;
    this.credentials = credentials;
    this.headers = headers;
    this.secrets = new Set([
      credentials.kind === 'apiKey' ? credentials.apiKey : credentials.password,
      ...Object.values(headers ?? {}),
    ]);
    this.url = `${options.server.replace(/\/+$/, '')}/api`;
    this.timeoutMs = positiveInt(
      options.requestTimeoutMs,
      DEFAULT_REQUEST_TIMEOUT_MS,
      'requestTimeoutMs',
    );
    this.maxInFlight = positiveInt(
      options.maxInFlight,
      DEFAULT_MAX_IN_FLIGHT,
      'maxInFlight',
    );
    this.limiter = new Limiter(this.maxInFlight);
    this.maxResponseBytes = positiveInt(
      options.maxResponseBytes,
      DEFAULT_MAX_RESPONSE_BYTES,
      'maxResponseBytes',
    );
    this.tls = {
      rejectUnauthorized: !options.skipTLSVerify,
      // `ca` replaces Node's trust store, so keep the system roots beside it.
      ca: caCert ? [...rootCertificates, caCert] : undefined,
    };
  }

  async readClock(signal?: AbortSignal): Promise<TowerClockReading> {
    if (this.credentials.kind === 'password') {
      await this.getToken('login', signal);
    } else if (!this.timeSample) {
      await this.request('ping', ops.PING, {}, ops.parsePing, signal);
    }
    const sample = this.timeSample ?? { reason: 'Tower sent no Date header' };
    if ('reason' in sample) return { source: 'local', reason: sample.reason };
    // Tower's time has moved on since the header: the header's time is a lower bound.
    return { source: 'tower', towerNowMs: sample.towerTimeMs };
  }

  loginUsed(): TowerLogin | undefined {
    return this.authenticated;
  }

  async close(): Promise<void> {
    const token = this.token;
    this.token = undefined;
    if (token) {
      try {
        await this.send('logout', ops.LOGOUT, {}, { auth: token });
      } catch (e) {
        this.logger?.debug(
          `Tower ${this.towerId}: logout failed (ignored): ${stringifyError(e)}`,
        );
      }
    }
    // Requests still running keep their sockets until done.
    const agent = this.agent;
    this.agent = undefined;
    await agent?.close().catch(() => undefined);
  }

  /** One operation, authenticated; its answer's shape is checked by `parse`. */
  async request<T>(
    operation: TowerOperation,
    document: string,
    variables: Vars,
    parse: (data: unknown) => T,
    signal?: AbortSignal,
  ): Promise<T> {
    if (signal?.aborted) {
      throw new TowerAbortedError({ towerId: this.towerId, operation });
    }
    const send = (options: SendOptions) =>
      this.send(operation, document, variables, { ...options, signal });
    const data =
      this.credentials.kind === 'apiKey'
        ? await this.sendWithKey(this.credentials.apiKey, operation, send)
        : await this.sendWithToken(operation, send, signal);
    return parseAnswer(this.towerId, operation, () => parse(data));
  }

  /** With a password: logs in again once when Tower refuses the token. */
  private async sendWithToken(
    operation: TowerOperation,
    send: (options: SendOptions) => Promise<unknown>,
    signal?: AbortSignal,
  ): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.getToken(operation, signal);
      try {
        return await send({ auth: token });
      } catch (e) {
        const code = authFailureCode(e);
        if (code === undefined) throw e;
        if (this.token === token) this.token = undefined;
        if (attempt > 1) {
          // The words apart from the code: "login (" would read like a document being built.
          const why = `(${code})`;
          throw new TowerAuthError(
            `token rejected again after a fresh login ${why}`,
            { towerId: this.towerId, operation, passedThroughCode: code },
          );
        }
        this.logger?.info(
          `Tower ${this.towerId}: token rejected during ${operation} (${code}), logging in again`,
        );
      }
    }
  }

  /** With an API key: a refused key is never sent again. */
  private async sendWithKey(
    apiKey: string,
    operation: TowerOperation,
    send: (options: SendOptions) => Promise<unknown>,
  ): Promise<unknown> {
    if (this.keyRefusedCode === undefined) {
      try {
        const data = await send({
          auth: apiKey,
          onDate: date => {
            this.timeSample ??= sampleDateHeader(date);
          },
        });
        this.noteAuthenticated({ method: 'apiKey' });
        return data;
      } catch (e) {
        const code = authFailureCode(e);
        if (code === undefined) throw e;
        this.keyRefusedCode = code;
      }
    }
    throw new TowerAuthError(
      `API key refused (${this.keyRefusedCode}); an API key is never retried or replaced by a login`,
      { towerId: this.towerId, operation, code: 'API_KEY_REFUSED' },
    );
  }

  /** The cached token, or the one login in flight shared by every caller. */
  private async getToken(
    operation: TowerOperation,
    signal?: AbortSignal,
  ): Promise<string> {
    if (this.token) return this.token;
    if (!this.loginInFlight) {
      const attempt = this.login().then(
        token => {
          this.token = token;
          this.loginInFlight = undefined;
          return token;
        },
        (e: unknown) => {
          this.loginInFlight = undefined;
          throw e;
        },
      );
      attempt.catch(() => undefined);
      this.loginInFlight = attempt;
    }
    // The shared login ignores one caller's signal; each caller stops waiting on its own.
    return raceAbort(
      this.loginInFlight,
      () => new TowerAbortedError({ towerId: this.towerId, operation }),
      signal,
    );
  }

  /**
   * The login mutation, without a token; its answer's `Date` header is Tower's clock. A login
   * answered without a token (two-factor login) is `NO_TOKEN`.
   */
  private async login(): Promise<string> {
    const credentials = this.credentials as PasswordCredentials;
    this.resolved ??= await this.resolveLogin(credentials);
    const data = await this.send(
      'login',
      ops.LOGIN,
      { data: loginInput(credentials, this.resolved) },
      {
        onDate: date => {
          this.timeSample = sampleDateHeader(date);
        },
      },
    ).catch((e: unknown) => {
      throw withApiKeyHint(e, this.towerId);
    });
    const token = parseAnswer(this.towerId, 'login', () =>
      ops.parseLoginToken(data),
    );
    if (!token) {
      throw new TowerAuthError(
        `login returned no token (two-factor login needs an API key: set capeLabels.towers.${this.towerId}.apiKey)`,
        { towerId: this.towerId, operation: 'login', code: 'NO_TOKEN' },
      );
    }
    this.secrets.add(token);
    this.noteAuthenticated(this.resolved, ` (user ${credentials.username})`);
    return token;
  }

  /**
   * How these credentials log in. For LDAP, sends `authnStrategies` (no token) and picks among
   * the LDAP config ids it lists, scrubbed before they are quoted.
   */
  private async resolveLogin(
    credentials: PasswordCredentials,
  ): Promise<PasswordLogin> {
    if (credentials.userSource === 'LOCAL') {
      return { method: 'password', source: 'LOCAL' };
    }
    let ids: string[];
    try {
      const data = await this.send('authnStrategies', ops.AUTHN_STRATEGIES, {});
      ids = parseAnswer(this.towerId, 'authnStrategies', () =>
        ops.parseLdapConfigIds(data),
      );
    } catch (e) {
      if (unknownQuery(e)) {
        return {
          method: 'password',
          source: 'LDAP',
          reason: 'no-authn-strategies',
        };
      }
      throw e;
    }
    const safeIds = ids.map(id => plainText(this.scrub(id), MAX_ID_BYTES));
    return pickConfig(safeIds, credentials.authConfigId, this.towerId);
  }

  /** The first success says, in the log, how the session authenticated. */
  private noteAuthenticated(login: TowerLogin, who = ''): void {
    if (this.authenticated) return;
    this.authenticated = login;
    this.logger?.info(`Tower ${this.towerId}: ${describeLogin(login)}${who}`);
  }

  /** One request on the wire; waits for a free slot first (abortable by the caller). */
  private async send(
    operation: TowerOperation,
    document: string,
    variables: Vars,
    options: SendOptions = {},
  ): Promise<unknown> {
    const ctx = { towerId: this.towerId, operation };
    let release: () => void;
    try {
      release = await this.limiter.acquire(options.signal);
    } catch {
      throw new TowerAbortedError(ctx);
    }
    try {
      const agent = (this.agent ??= this.createDispatcher());
      const client = new GraphQLClient(this.url, {
        fetch: ((input: string | URL, init?: RequestInit) =>
          this.post(agent, ctx, input, init, options)) as typeof fetch,
        // The configured headers go to this Tower only; the client's own names are refused at start.
        headers: {
          ...this.headers,
          ...(options.auth ? { Authorization: options.auth } : {}),
        },
        // graphql-request's one JSON parse; on a 2xx it rethrows this error as is.
        jsonSerializer: {
          stringify: value => JSON.stringify(value),
          parse: text => {
            try {
              return JSON.parse(text);
            } catch {
              throw new TowerResponseError('response is not valid JSON', ctx);
            }
          },
        },
      });
      return await client.request<unknown>({ document, variables });
    } catch (e) {
      const error = this.toTowerError(e, ctx);
      // What the metrics count: every failed request but the caller's aborts.
      if (!(error instanceof TowerAbortedError)) this.onRequestFailed?.(error);
      throw error;
    } finally {
      release();
    }
  }

  /**
   * graphql-request's fetch, on undici's `request` (no WHATWG Request, Headers or web streams
   * per request): the timeout or the caller's abort, a bounded body, non-2xx answers and network
   * failures turned into typed errors with Tower's words. Redirects are never followed: a 3xx
   * names the target's origin only, so nothing is ever sent to another origin. graphql-request
   * only ever sees a 2xx answer, read once as text.
   */
  private async post(
    dispatcher: Dispatcher,
    ctx: TowerErrorContext,
    input: string | URL,
    init: RequestInit | undefined,
    options: SendOptions,
  ): Promise<Pick<Response, 'ok' | 'status' | 'headers' | 'text'>> {
    const timeoutSignal = AbortSignal.timeout(this.timeoutMs);
    const tooLarge = () =>
      new TowerResponseError(
        `response larger than ${this.maxResponseBytes} bytes refused`,
        { ...ctx, code: 'RESPONSE_TOO_LARGE' },
      );
    try {
      const url = new URL(input);
      const res = await dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: 'POST',
        headers: init?.headers as Iterable<[string, string]> | undefined,
        body: init?.body as string | undefined,
        signal: options.signal
          ? AbortSignal.any([timeoutSignal, options.signal])
          : timeoutSignal,
      });
      const status = res.statusCode;
      if (status >= 300 && status <= 399) {
        drop(res.body);
        const location = header(res.headers, 'location');
        throw new TowerRedirectError(
          status,
          redirectTarget(location, url.href),
          ctx,
        );
      }
      if (status < 200 || status > 299) throw await this.httpError(res, ctx);
      options.onDate?.(header(res.headers, 'date'));
      const declared = Number(header(res.headers, 'content-length'));
      if (Number.isFinite(declared) && declared > this.maxResponseBytes) {
        drop(res.body);
        throw tooLarge();
      }
      const body = await readUpTo(res.body, this.maxResponseBytes);
      if (body.cut) throw tooLarge();
      const text = Buffer.concat(body.chunks, body.total).toString('utf8');
      return {
        ok: true,
        status: 200,
        headers: JSON_HEADERS,
        text: async () => text,
      };
    } catch (e) {
      throw classifyFetchError(e, {
        ...ctx,
        timeoutMs: this.timeoutMs,
        signal: options.signal,
        timeoutSignal,
      });
    }
  }

  /**
   * A non-2xx answer as a TowerHttpError with Tower's code and words (scrubbed, bounded). A body
   * that cannot be read in time leaves the status alone.
   */
  private async httpError(
    res: Dispatcher.ResponseData,
    ctx: TowerErrorContext,
  ): Promise<TowerHttpError> {
    const statusText = STATUS_CODES[res.statusCode] ?? '';
    try {
      const { chunks, total, cut } = await readUpTo(
        res.body,
        MAX_ERROR_BODY_BYTES,
      );
      const body = parseErrorBody(
        Buffer.concat(chunks, total).toString('utf8'),
        cut,
        header(res.headers, 'content-type'),
        text => this.scrub(text),
      );
      return new TowerHttpError(res.statusCode, statusText, { ...ctx, body });
    } catch {
      drop(res.body);
      return new TowerHttpError(res.statusCode, statusText, ctx);
    }
  }

  /**
   * graphql-request's ClientError embeds the request variables (the password, for login): it is
   * never kept as a cause, and messages are scrubbed.
   */
  private toTowerError(e: unknown, ctx: TowerErrorContext): TowerError {
    if (e instanceof TowerError) return e;
    if (!(e instanceof ClientError)) {
      const message = this.scrub(toError(e).message);
      return new TowerResponseError(`unexpected response: ${message}`, ctx);
    }
    const first: unknown = e.response.errors?.[0];
    const rawCode = graphqlErrorCode(first);
    const code = rawCode === undefined ? undefined : this.scrub(rawCode);
    const message = this.scrub(
      isMessage(first) ? first.message : 'GraphQL error',
    );
    if (ctx.operation === 'login' || (code && LOGIN_CODES.has(code))) {
      return new TowerAuthError(`${message}${code ? ` (${code})` : ''}`, {
        ...ctx,
        ...towerCodeOr(code, 'LOGIN_FAILED'),
      });
    }
    return new TowerGraphQLError(code, message, {
      ...ctx,
      messages: (e.response.errors ?? []).map(err =>
        this.scrub(typeof err.message === 'string' ? err.message : ''),
      ),
    });
  }

  /**
   * The Tower's own connection pool, for its `caCert` and `skipTLSVerify`. When the process sends
   * its requests through the proxy its environment names (Node's `NODE_USE_ENV_PROXY=1`, or
   * undici's `EnvHttpProxyAgent` installed as the global dispatcher, the two ways Backstage
   * documents), so does the pool: through an `EnvHttpProxyAgent` of its own (a global dispatcher
   * cannot carry this Tower's TLS options), which skips hosts `NO_PROXY` lists and tunnels every
   * request with CONNECT, so an https Tower's TLS runs end to end through the proxy. A loopback
   * Tower is always reached directly.
   */
  private createDispatcher(): Dispatcher {
    // A loopback Tower's traffic never leaves the machine, which is why http:// is allowed there.
    if (isLoopbackHost(new URL(this.url).hostname))
      return new Agent({ connect: this.tls });
    // Read, not undici's getGlobalDispatcher: that installs a default one when none is set,
    // changing what Node's fetch uses. Compared by class name: the portal's undici is not ours.
    const installed = (globalThis as Record<symbol, unknown>)[
      GLOBAL_DISPATCHER
    ];
    const envProxy =
      /^(1|true)$/i.test(process.env.NODE_USE_ENV_PROXY ?? '') ||
      installed?.constructor.name === 'EnvHttpProxyAgent';
    return envProxy
      ? new EnvHttpProxyAgent({ connect: this.tls, requestTls: this.tls })
      : new Agent({ connect: this.tls });
  }

  /** `text` with every form of every secret (3 characters or more) replaced by `***`. */
  private scrub(text: string): string {
    let out = text;
    for (const secret of this.secrets) {
      if (!secret || secret.length < 3) continue;
      for (const form of secretForms(secret)) out = out.split(form).join('***');
    }
    return out;
  }
}

/** Reads an HTTP `Date` header (RFC 1123 and the other HTTP forms, always UTC). */
export function sampleDateHeader(
  date: string | null | undefined,
): TowerTimeSample {
  if (!date) return { reason: 'Tower sent no Date header' };
  const towerTime = DateTime.fromHTTP(date, { zone: 'utc' });
  if (!towerTime.isValid) {
    return { reason: 'Tower sent a Date header that is not an HTTP date' };
  }
  return { towerTimeMs: towerTime.toMillis() };
}

/** Lets one caller stop waiting on a promise shared with other callers. */
function raceAbort<T>(
  promise: Promise<T>,
  aborted: () => Error,
  signal?: AbortSignal,
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/*
 * The rules of a password login, without I/O: which source (LOCAL; for LDAP users AUTHN with the
 * id of Tower's LDAP config from `authnStrategies`, or LDAP on a Tower older than 3.0), the login's
 * variables, its refusals, and the words the log and the run use for it.
 */

/**
 * A Tower before 3.0 does not know the query: a GraphQL validation error about the field (in a
 * 200 answer, or a 400 as some GraphQL servers send it). Anything else fails the login.
 */
function unknownQuery(e: unknown): boolean {
  let code: string | undefined;
  if (e instanceof TowerGraphQLError) code = e.graphqlCode;
  else if (e instanceof TowerHttpError && e.status === 400) code = e.towerCode;
  else return false;
  return (
    e.message.includes('authnStrategies') &&
    (code === 'GRAPHQL_VALIDATION_FAILED' ||
      /cannot query field/i.test(e.message))
  );
}

/** Picks the LDAP config: the configured one, else the only one; never a guess. */
function pickConfig(
  ids: string[],
  wanted: string | undefined,
  towerId: string,
): PasswordLogin {
  const key = `capeLabels.towers.${towerId}.authConfigId`;
  const listed = ids.length ? `ids: ${ids.join(', ')}` : 'none';
  const fail = (detail: string, code: PluginRunErrorCode) =>
    new TowerAuthError(detail, { towerId, operation: 'login', code });
  if (wanted !== undefined) {
    if (ids.includes(wanted)) {
      return { method: 'password', source: 'AUTHN', authConfigId: wanted };
    }
    throw fail(
      `${key} ${wanted} is not an LDAP config of this Tower (authnStrategies lists ${listed})`,
      'LDAP_CONFIG_UNKNOWN',
    );
  }
  if (ids.length === 0) {
    return { method: 'password', source: 'LDAP', reason: 'no-ldap-config' };
  }
  if (ids.length > 1) {
    throw fail(
      `Tower has several LDAP configs (${listed}); set ${key} to the one to log in through`,
      'LDAP_CONFIG_AMBIGUOUS',
    );
  }
  return { method: 'password', source: 'AUTHN', authConfigId: ids[0] };
}

/** The login mutation's `data` variable. */
function loginInput(
  { username, password }: PasswordCredentials,
  login: PasswordLogin,
): Record<string, string> {
  return login.source === 'AUTHN'
    ? {
        username,
        password,
        source: 'AUTHN',
        auth_config_id: login.authConfigId,
      }
    : { username, password, source: login.source };
}

const SECOND_FACTOR = /\b(MFA|2FA|OTP|TWO_FACTOR)|two-factor|second factor/i;

/**
 * A login Tower refused because it wants a second factor (its code or words say so, as no
 * public source shows the exact answer): the same refusal, naming the key that avoids it.
 */
function withApiKeyHint(error: unknown, towerId: string): unknown {
  if (!(error instanceof TowerAuthError)) return error;
  if (!SECOND_FACTOR.test(error.code) && !SECOND_FACTOR.test(error.message))
    return error;
  const words = error.message.replace(/^Tower [^:]+: login failed: /, '');
  return new TowerAuthError(
    `${words}; two-factor login needs an API key: set capeLabels.towers.${towerId}.apiKey`,
    { towerId, operation: 'login', passedThroughCode: error.code },
  );
}

/** One phrase for the log line and the run's note. */
export function describeLogin(login: TowerLogin): string {
  if (login.method === 'apiKey')
    return 'authenticated with an API key (no login)';
  if (login.source === 'LOCAL') return 'logged in as LOCAL user';
  if (login.source === 'AUTHN') {
    return `logged in as LDAP user through AUTHN (config ${login.authConfigId})`;
  }
  return login.reason === 'no-authn-strategies'
    ? 'logged in as LDAP user with source LDAP (Tower has no authnStrategies)'
    : 'logged in as LDAP user with source LDAP (authnStrategies lists no LDAP config)';
}

/*
 * The wire's helpers: what a secret may look like once escaped, the Tower's dispatcher, and the
 * reading of an answer.
 */

/** The secret as it may appear once escaped by JSON, a URL, HTML or a repeat of these. */
export function secretForms(secret: string): string[] {
  const json = (s: string) => JSON.stringify(s).slice(1, -1);
  const asciiJson = (s: string) =>
    json(s).replace(
      /[^\x20-\x7e]/g,
      c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  const html = (s: string) =>
    s
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;');
  const url = encodeURIComponent(secret);
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  const lowerHex = (s: string) =>
    s.replace(/%[0-9A-F]{2}/g, h => h.toLowerCase());
  const forms = [
    secret,
    json(secret),
    json(json(secret)),
    asciiJson(secret),
    asciiJson(secret).toUpperCase().replace(/\\U/g, '\\u'),
    url,
    lowerHex(url),
    form,
    lowerHex(form),
    encodeURI(secret),
    html(secret),
    json(html(secret)),
  ];
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

type Body = Dispatcher.ResponseData['body'];

/** Drops a body that is not read (closes its stream; the connection is not reused). */
function drop(body: Body): void {
  body.on('error', () => undefined).destroy();
}

function header(
  headers: Dispatcher.ResponseData['headers'],
  name: string,
): string | null {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * Reads at most `limit` bytes of a body; a longer body is cut there and dropped. The chunks are
 * left as they came: a caller that refuses a cut body never pays for joining them.
 */
async function readUpTo(
  body: Body,
  limit: number,
): Promise<{ chunks: Buffer[]; total: number; cut: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    total += bytes.byteLength;
    if (total > limit) {
      drop(body);
      chunks.push(bytes.subarray(0, bytes.byteLength - (total - limit)));
      return { chunks, total: limit, cut: true };
    }
    chunks.push(bytes);
  }
  return { chunks, total, cut: false };
}

/**
 * Where a redirect points, reduced to its origin (no path, query or user info), with a word
 * when it would downgrade https to http.
 */
function redirectTarget(location: string | null, from: string): string {
  if (!location) return 'no location';
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    return 'an unparseable location';
  }
  const origin =
    target.protocol === 'http:' || target.protocol === 'https:'
      ? target.origin
      : `a ${target.protocol.replace(/[^a-z0-9+.-]/gi, '')} URL`;
  const downgrade =
    new URL(from).protocol === 'https:' && target.protocol === 'http:';
  return downgrade ? `${origin} (an https to http downgrade)` : origin;
}
