import { toError } from '@backstage/errors';
import { ClientError, GraphQLClient } from 'graphql-request';
import { STATUS_CODES } from 'node:http';
import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import {
  classifyFetchError,
  graphqlErrorCode,
  MAX_ERROR_BODY_BYTES,
  parseErrorBody,
  TowerAbortedError,
  TowerAuthError,
  TowerError,
  TowerGraphQLError,
  towerCodeOr,
  TowerHttpError,
  TowerOperation,
  TowerRedirectError,
  TowerResponseError,
} from './errors';
import type {
  RequestFailureListener,
  TowerConnectionOptions,
  TowerCredentials,
} from './TowerClient';
import { Limiter } from '../lib/limiter';

/*
 * One request to one Tower over the wire: a slot among the requests in flight, the timeout, the
 * size bound, redirects refused, the TLS options and the environment's proxy, every failure
 * mapped to a TowerError with every form of every secret scrubbed from it.
 */

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/**
 * Requests in flight to one Tower unless `requestsInFlight` says otherwise. CAPE itself runs up to
 * 10 reconciles per controller against the same Tower; at 4 the sweep left a Tower that answers in
 * 5 ms idle for a third of the time (docs/performance.md, "Requests in flight: the default is now 8").
 */
export const DEFAULT_MAX_IN_FLIGHT = 8;
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

const LOGIN_CODES = new Set([
  'LOGIN_FAILED',
  'USER_NOT_FOUND',
  'USER_PASSWORD_INCORRECT',
]);

export type Vars = Record<string, unknown>;

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

/** A GraphQL error's words (an object of the answer, no JS error). */
const isMessage = (v: unknown): v is { message: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { message?: unknown }).message === 'string';

/**
 * Sends single GraphQL requests to one Tower: bounded in flight, timed out,
 * every failure mapped to a TowerError with every form of every secret scrubbed
 * from it (the secrets' helpers follow the class). Knows nothing about login.
 */
export class TowerConnection {
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly limiter: Limiter;
  private readonly transport: TransportOptions;
  private readonly secrets: () => Array<string | undefined>;
  /** Created on first use; close() releases its sockets. */
  private agent?: Dispatcher;

  constructor(
    private readonly options: TowerConnectionOptions,
    /** Secrets known only later (the session's tokens); the configured ones are added here. */
    sessionSecrets: () => Array<string | undefined>,
    private readonly onRequestFailed?: RequestFailureListener,
  ) {
    const configured = configuredSecrets(options);
    this.secrets = () => [...configured, ...sessionSecrets()];
    this.url = `${options.server.replace(/\/+$/, '')}/api`;
    this.timeoutMs = positiveInt(
      options.requestTimeoutMs,
      DEFAULT_REQUEST_TIMEOUT_MS,
      'requestTimeoutMs',
    );
    this.limiter = new Limiter(
      positiveInt(options.maxInFlight, DEFAULT_MAX_IN_FLIGHT, 'maxInFlight'),
    );
    this.transport = {
      towerId: options.towerId,
      skipTLSVerify: options.skipTLSVerify,
      caCert: options.caCert,
      maxResponseBytes: positiveInt(
        options.maxResponseBytes,
        DEFAULT_MAX_RESPONSE_BYTES,
        'maxResponseBytes',
      ),
      scrub: text => this.scrub(text),
    };
  }

  /** One request; waits for a free slot first (abortable by the caller). */
  async send(
    operation: TowerOperation,
    document: string,
    variables: Vars,
    token?: string,
    signal?: AbortSignal,
    onDate?: RequestContext['onDate'],
  ): Promise<unknown> {
    let release: () => void;
    try {
      release = await this.limiter.acquire(signal);
    } catch {
      throw new TowerAbortedError({ towerId: this.options.towerId, operation });
    }
    try {
      this.agent ??= createDispatcher(this.transport);
      const fetch = createRequestFetch(this.transport, this.agent, {
        operation,
        timeoutMs: this.timeoutMs,
        signal,
        onDate,
      });
      const client = new GraphQLClient(this.url, {
        fetch: fetch as unknown as typeof globalThis.fetch,
        // The configured headers go to this Tower only; the client's own names are refused at start.
        headers: {
          ...this.options.headers,
          ...(token ? { Authorization: token } : {}),
        },
        jsonSerializer: jsonSerializer({
          towerId: this.options.towerId,
          operation,
        }),
      });
      return await client.request<unknown>({ document, variables });
    } catch (e) {
      const error = this.toTowerError(e, operation);
      // The one place every request to Tower fails: what the metrics count.
      if (!(error instanceof TowerAbortedError)) this.onRequestFailed?.(error);
      throw error;
    } finally {
      release();
    }
  }

  /** Releases idle sockets; requests still running keep theirs until done. */
  async close(): Promise<void> {
    const agent = this.agent;
    this.agent = undefined;
    await agent?.close().catch(() => undefined);
  }

  /**
   * graphql-request's ClientError embeds the request variables (the password,
   * for login): it is never kept as a cause, and messages are scrubbed.
   */
  private toTowerError(e: unknown, operation: TowerOperation): TowerError {
    if (e instanceof TowerError) return e;
    const ctx = { towerId: this.options.towerId, operation };
    if (e instanceof ClientError) {
      const first: unknown = e.response.errors?.[0];
      const rawCode = graphqlErrorCode(first);
      const code = rawCode === undefined ? undefined : this.scrub(rawCode);
      const message = this.scrub(
        isMessage(first) ? first.message : 'GraphQL error',
      );
      if (operation === 'login' || (code && LOGIN_CODES.has(code))) {
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
    const message = toError(e).message;
    return new TowerResponseError(
      `unexpected response: ${this.scrub(message)}`,
      ctx,
    );
  }

  /** `text` with every form of every secret replaced by `***`. */
  scrub(text: string): string {
    return scrubSecrets(text, this.secrets());
  }
}

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

/** Replaces every form of every secret (3 characters or more) with `***`. */
function scrubSecrets(
  text: string,
  secrets: Array<string | undefined>,
): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 3) continue;
    for (const form of secretForms(secret)) out = out.split(form).join('***');
  }
  return out;
}

/** What must never appear in an error: the password or API key, and the header values. */
function configuredSecrets(options: TowerConnectionOptions): string[] {
  const credentials: TowerCredentials = options.credentials;
  const secret =
    credentials.kind === 'apiKey' ? credentials.apiKey : credentials.password;
  return [secret, ...Object.values(options.headers ?? {})];
}

/** What graphql-request reads of an answer: status, content type and the body as text. */
type TextResponse = Pick<Response, 'ok' | 'status' | 'headers' | 'text'>;

/** The fetch signature graphql-request calls. */
type FetchLike = (
  input: string | URL,
  init?: RequestInit,
) => Promise<TextResponse>;

type TransportOptions = {
  towerId: string;
  skipTLSVerify: boolean;
  caCert?: string;
  maxResponseBytes: number;
  /** Removes every secret from Tower's words before they go into an error. */
  scrub: (text: string) => string;
};

type RequestContext = {
  operation: TowerOperation;
  timeoutMs: number;
  /** The caller's signal, if any. */
  signal?: AbortSignal;
  /** Told the `Date` header of a 2xx answer. */
  onDate?: (date: string | null) => void;
};

/** Where every copy of undici, Node's own included, keeps the global dispatcher. */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

/**
 * Whether the process sends its requests through the proxy its environment names
 * (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`): Node's own `NODE_USE_ENV_PROXY=1`, or undici's
 * `EnvHttpProxyAgent` installed as the global dispatcher, the two ways Backstage documents. The
 * dispatcher is compared by class name: the portal's copy of undici is not necessarily ours.
 */
function processUsesEnvProxy(env: NodeJS.ProcessEnv = process.env): boolean {
  if (/^(1|true)$/i.test(env.NODE_USE_ENV_PROXY ?? '')) return true;
  // Read, not undici's getGlobalDispatcher: that installs a default one when none is set,
  // changing what Node's fetch uses.
  const installed = (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER];
  return installed?.constructor.name === 'EnvHttpProxyAgent';
}

/**
 * Creates the TLS-aware connection pool for one Tower. When the process uses the environment's
 * proxy, so does it: through an `EnvHttpProxyAgent` of its own (a global dispatcher cannot carry
 * this Tower's `caCert` or `skipTLSVerify`), which skips hosts `NO_PROXY` lists and tunnels every
 * request with CONNECT, so an https Tower's TLS runs end to end through the proxy.
 */
function createDispatcher(options: TransportOptions): Dispatcher {
  const tls = {
    rejectUnauthorized: !options.skipTLSVerify,
    // `ca` replaces Node's trust store, so keep the system roots beside it.
    ca: options.caCert ? [...rootCertificates, options.caCert] : undefined,
  };
  return processUsesEnvProxy()
    ? new EnvHttpProxyAgent({ connect: tls, requestTls: tls })
    : new Agent({ connect: tls });
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

/** Reads a body, refusing more than `limit` bytes without buffering them. */
async function readBounded(
  body: Body,
  limit: number,
  tooLarge: () => TowerError,
): Promise<string> {
  const { chunks, total, cut } = await readUpTo(body, limit);
  if (cut) throw tooLarge();
  return Buffer.concat(chunks, total).toString('utf8');
}

/**
 * A non-2xx answer as a TowerHttpError with Tower's code and words (scrubbed, bounded). A body
 * that cannot be read in time leaves the status alone.
 */
async function httpError(
  res: Dispatcher.ResponseData,
  options: TransportOptions,
  base: { towerId: string; operation: TowerOperation },
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
      options.scrub,
    );
    return new TowerHttpError(res.statusCode, statusText, { ...base, body });
  } catch {
    drop(res.body);
    return new TowerHttpError(res.statusCode, statusText, base);
  }
}

/** graphql-request parses an answer only when its content type says JSON. */
const JSON_HEADERS = new Headers({ 'content-type': 'application/json' });

/**
 * Parses an answer for graphql-request (its one JSON.parse); a body that is not JSON is a
 * `TowerResponseError` (graphql-request rethrows it as is on a 2xx).
 */
function jsonSerializer(ctx: { towerId: string; operation: TowerOperation }): {
  stringify: (value: unknown) => string;
  parse: (text: string) => unknown;
} {
  return {
    stringify: value => JSON.stringify(value),
    parse: text => {
      try {
        return JSON.parse(text);
      } catch {
        throw new TowerResponseError('response is not valid JSON', ctx);
      }
    },
  };
}

/**
 * A fetch for one request, on undici's `request` (no WHATWG Request, Headers or web streams
 * per request): per-request timeout or the caller's abort, TLS options, bounded body, non-2xx
 * answers turned into typed errors with Tower's words, network failures into
 * typed errors (both in errors.ts). Redirects are never followed: a 3xx is an error naming the
 * target's origin only, so nothing is ever sent to another origin. graphql-request only ever
 * sees a 2xx answer, read once as text; it does the one JSON parse (with `jsonSerializer`).
 */
function createRequestFetch(
  options: TransportOptions,
  dispatcher: Dispatcher,
  ctx: RequestContext,
): FetchLike {
  const base = { towerId: options.towerId, operation: ctx.operation };
  const tooLarge = () =>
    new TowerResponseError(
      `response larger than ${options.maxResponseBytes} bytes refused`,
      { ...base, code: 'RESPONSE_TOO_LARGE' },
    );
  return async (input, init) => {
    const timeoutSignal = AbortSignal.timeout(ctx.timeoutMs);
    const signal = ctx.signal
      ? AbortSignal.any([timeoutSignal, ctx.signal])
      : timeoutSignal;
    try {
      const url = new URL(input);
      const res = await dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: 'POST',
        headers: init?.headers as Iterable<[string, string]> | undefined,
        body: init?.body as string | undefined,
        signal,
      });
      const status = res.statusCode;
      if (status >= 300 && status <= 399) {
        drop(res.body);
        const target = redirectTarget(
          header(res.headers, 'location'),
          url.href,
        );
        throw new TowerRedirectError(status, target, base);
      }
      if (status < 200 || status > 299)
        throw await httpError(res, options, base);
      ctx.onDate?.(header(res.headers, 'date'));
      const declared = Number(header(res.headers, 'content-length'));
      if (Number.isFinite(declared) && declared > options.maxResponseBytes) {
        drop(res.body);
        throw tooLarge();
      }
      const text = await readBounded(
        res.body,
        options.maxResponseBytes,
        tooLarge,
      );
      return {
        ok: true,
        status: 200,
        headers: JSON_HEADERS,
        text: async () => text,
      };
    } catch (e) {
      throw classifyFetchError(e, {
        towerId: options.towerId,
        operation: ctx.operation,
        timeoutMs: ctx.timeoutMs,
        signal: ctx.signal,
        timeoutSignal,
      });
    }
  };
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
