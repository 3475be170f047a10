import { STATUS_CODES } from 'node:http';
import { rootCertificates } from 'node:tls';
import {
  Agent,
  EnvHttpProxyAgent,
  getGlobalDispatcher,
  type Dispatcher,
} from 'undici';
import {
  TowerError,
  TowerHttpError,
  TowerOperation,
  TowerRedirectError,
  TowerResponseError,
} from './errors';
import { MAX_ERROR_BODY_BYTES, parseErrorBody } from './errorBody';
import { classifyFetchError } from './networkErrors';

/** What graphql-request reads of an answer: status, content type and the body as text. */
type TextResponse = Pick<Response, 'ok' | 'status' | 'headers' | 'text'>;

/** The fetch signature graphql-request calls. */
type FetchLike = (
  input: string | URL,
  init?: RequestInit,
) => Promise<TextResponse>;

export type TransportOptions = {
  towerId: string;
  skipTLSVerify: boolean;
  caCert?: string;
  maxResponseBytes: number;
  /** Removes every secret from Tower's words before they go into an error. */
  scrub: (text: string) => string;
};

export type RequestContext = {
  operation: TowerOperation;
  timeoutMs: number;
  /** The caller's signal, if any. */
  signal?: AbortSignal;
  /** Told the `Date` header of a 2xx answer. */
  onDate?: (date: string | null) => void;
};

/**
 * Whether the process sends its requests through the proxy its environment names
 * (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`): Node's own `NODE_USE_ENV_PROXY=1`, or undici's
 * `EnvHttpProxyAgent` installed as the global dispatcher, the two ways Backstage documents. The
 * dispatcher is compared by class name: the portal's copy of undici is not necessarily ours.
 */
export function processUsesEnvProxy(
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (/^(1|true)$/i.test(env.NODE_USE_ENV_PROXY ?? '')) return true;
  return getGlobalDispatcher().constructor.name === 'EnvHttpProxyAgent';
}

/**
 * Creates the TLS-aware connection pool for one Tower. When the process uses the environment's
 * proxy, so does it: through an `EnvHttpProxyAgent` of its own (a global dispatcher cannot carry
 * this Tower's `caCert` or `skipTLSVerify`), which skips hosts `NO_PROXY` lists and tunnels every
 * request with CONNECT, so an https Tower's TLS runs end to end through the proxy.
 */
export function createDispatcher(options: TransportOptions): Dispatcher {
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
export function jsonSerializer(ctx: {
  towerId: string;
  operation: TowerOperation;
}): {
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
 * answers turned into typed errors with Tower's words (errorBody.ts), network failures into
 * typed errors (networkErrors.ts). Redirects are never followed: a 3xx is an error naming the
 * target's origin only, so nothing is ever sent to another origin. graphql-request only ever
 * sees a 2xx answer, read once as text; it does the one JSON parse (with `jsonSerializer`).
 */
export function createRequestFetch(
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
