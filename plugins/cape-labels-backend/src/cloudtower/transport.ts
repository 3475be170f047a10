import { rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';
import {
  TowerAbortedError,
  TowerError,
  TowerHttpError,
  TowerOperation,
  TowerRedirectError,
  TowerResponseError,
  TowerTimeoutError,
  TowerUnreachableError,
} from './errors';
import { redirectTarget } from './redirect';

/** The fetch signature graphql-request calls. */
export type FetchLike = (
  input: string | URL,
  init?: RequestInit,
) => Promise<Response>;

export type TransportOptions = {
  towerId: string;
  skipTLSVerify: boolean;
  caCert?: string;
  maxResponseBytes: number;
};

export type RequestContext = {
  operation: TowerOperation;
  timeoutMs: number;
  /** The caller's signal, if any. */
  signal?: AbortSignal;
  /** Told the `Date` header of a 2xx answer. */
  onDate?: (date: string | null) => void;
};

/** Creates the TLS-aware connection pool for one Tower. */
export function createDispatcher(options: TransportOptions): Agent {
  return new Agent({
    connect: {
      rejectUnauthorized: !options.skipTLSVerify,
      // `ca` replaces Node's trust store, so keep the system roots beside it.
      ca: options.caCert ? [...rootCertificates, options.caCert] : undefined,
    },
  });
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
]);

const NETWORK_DETAILS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed (temporary)',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'socket closed',
};

function errorCode(e: unknown): string | undefined {
  if (typeof e === 'object' && e !== null && 'code' in e) {
    const code = (e as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** Walks `cause` links (undici wraps system errors in `TypeError: fetch failed`). */
function findCode(e: unknown): { code?: string; error: unknown } {
  let current: unknown = e;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = errorCode(current);
    if (code) return { code, error: current };
    current = (current as { cause?: unknown }).cause;
  }
  return { error: e };
}

/** A safe, credential-free cause for a network failure. */
function networkCause(e: unknown): Error {
  const msg = e instanceof Error ? e.message : String(e);
  const cause = new Error(msg);
  const code = errorCode(e);
  if (code) Object.assign(cause, { code });
  return cause;
}

/** Maps a failed fetch to one of the client's typed errors. */
export function classifyFetchError(
  e: unknown,
  towerId: string,
  ctx: RequestContext,
  timeoutSignal: AbortSignal,
): TowerError {
  if (e instanceof TowerError) return e;
  const base = { towerId, operation: ctx.operation };
  if (ctx.signal?.aborted) return new TowerAbortedError(base);
  if (timeoutSignal.aborted) return new TowerTimeoutError(ctx.timeoutMs, base);
  const { code, error } = findCode(e);
  if (
    code &&
    (TLS_CODES.has(code) ||
      code.startsWith('ERR_TLS_') ||
      code.startsWith('ERR_SSL_'))
  ) {
    return new TowerUnreachableError(`TLS error (${code})`, {
      ...base,
      code: 'TLS',
      tlsCode: code,
      cause: networkCause(error),
    });
  }
  if (code) {
    const detail = NETWORK_DETAILS[code] ?? 'network error';
    return new TowerUnreachableError(`${detail} (${code})`, {
      ...base,
      code,
      cause: networkCause(error),
    });
  }
  const msg = e instanceof Error ? e.message : String(e);
  return new TowerUnreachableError(`network error: ${msg}`, {
    ...base,
    code: 'NETWORK',
    cause: networkCause(e),
  });
}

/** Reads a body stream, refusing more than `limit` bytes without buffering them. */
async function readBounded(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  tooLarge: () => TowerError,
): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * A fetch for one request: per-request timeout combined with the caller's
 * signal, TLS options, bounded body, non-2xx and non-JSON bodies turned into
 * typed errors. Redirects are never followed (`manual`): a 3xx is an error, so nothing is ever
 * sent to another origin. graphql-request only ever sees a 2xx JSON response.
 */
export function createRequestFetch(
  options: TransportOptions,
  dispatcher: Agent,
  ctx: RequestContext,
): FetchLike {
  const base = { towerId: options.towerId, operation: ctx.operation };
  return async (input, init) => {
    const timeoutSignal = AbortSignal.timeout(ctx.timeoutMs);
    const internal = new AbortController();
    const signals = [timeoutSignal, internal.signal];
    if (ctx.signal) signals.push(ctx.signal);
    const signal = AbortSignal.any(signals);
    const tooLarge = () =>
      new TowerResponseError(
        `response larger than ${options.maxResponseBytes} bytes refused`,
        { ...base, code: 'RESPONSE_TOO_LARGE' },
      );
    try {
      const url = String(input);
      const res = await undiciFetch(url, {
        method: init?.method,
        headers: init?.headers as Record<string, string> | undefined,
        body: init?.body as string | undefined,
        signal,
        dispatcher,
        redirect: 'manual',
      });
      if (res.status >= 300 && res.status <= 399) {
        internal.abort();
        await res.body?.cancel().catch(() => undefined);
        const target = redirectTarget(res.headers.get('location'), url);
        throw new TowerRedirectError(res.status, target, base);
      }
      if (res.status < 200 || res.status > 299) {
        internal.abort();
        await res.body?.cancel().catch(() => undefined);
        throw new TowerHttpError(res.status, res.statusText, base);
      }
      ctx.onDate?.(res.headers.get('date'));
      const declared = Number(res.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > options.maxResponseBytes) {
        internal.abort();
        await res.body?.cancel().catch(() => undefined);
        throw tooLarge();
      }
      const raw = await readBounded(
        res.body as ReadableStream<Uint8Array> | null,
        options.maxResponseBytes,
        () => {
          internal.abort();
          return tooLarge();
        },
      );
      const text = raw.toString('utf8');
      try {
        JSON.parse(text);
      } catch {
        throw new TowerResponseError('response is not valid JSON', base);
      }
      return new Response(text, {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    } catch (e) {
      throw classifyFetchError(e, options.towerId, ctx, timeoutSignal);
    }
  };
}
