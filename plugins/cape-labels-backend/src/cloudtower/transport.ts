import { rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';
import {
  TowerError,
  TowerHttpError,
  TowerOperation,
  TowerRedirectError,
  TowerResponseError,
} from './errors';
import { classifyFetchError } from './networkErrors';
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
