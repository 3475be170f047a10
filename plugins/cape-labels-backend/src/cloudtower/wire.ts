import { ClientError, GraphQLClient } from 'graphql-request';
import { STATUS_CODES } from 'node:http';
import { rootCertificates } from 'node:tls';
import {
  Agent,
  EnvHttpProxyAgent,
  fetch as undiciFetch,
  type Dispatcher,
  type RequestInit as UndiciRequestInit,
} from 'undici';
import { Limiter } from '../lib/limiter';
import { plainText } from '../lib/plainText';
import {
  findCode,
  graphqlErrors,
  MAX_ERROR_BODY_BYTES,
  parseErrorBody,
  TowerAbortedError,
  TowerAuthError,
  type TowerError,
  type TowerErrorContext,
  TowerGraphQLError,
  towerCodeOr,
  TowerHttpError,
  type TowerOperation,
  TowerRedirectError,
  TowerResponseError,
  TowerTimeoutError,
  unreachableError,
} from './errors';
import { LOGIN_CODES } from './login';
import type {
  RequestFailureListener,
  TowerConnectionOptions,
  Vars,
} from './types';

export type WireAnswer = { data: unknown; date: string | null };

export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/** Where every copy of undici, Node's own included, keeps the global dispatcher. */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

/** An answer the fetch refused, made a TowerError once the operation is known. */
class Refusal extends Error {
  constructor(readonly toTowerError: (ctx: TowerErrorContext) => TowerError) {
    super('refused');
  }
}

/**
 * The requests to one Tower, and the one place they fail: every failure becomes a TowerError
 * here, with every secret scrubbed from it.
 */
export class TowerWire {
  private readonly limiter: Limiter;
  private readonly client: GraphQLClient;
  private agent?: Dispatcher;

  constructor(
    private readonly options: TowerConnectionOptions,
    private readonly scrub: (text: string) => string,
    private readonly onRequestFailed?: RequestFailureListener,
  ) {
    this.limiter = new Limiter(options.requestsInFlight);
    // The configured headers go to this Tower only; the client's own names are refused at start.
    const headers = new Headers(options.headers);
    // An encoded body would be inflated past maxResponseBytes, which counts the bytes received.
    headers.set('accept-encoding', 'identity');
    this.client = new GraphQLClient(`${options.server}/api`, {
      fetch: this.fetch as unknown as typeof fetch,
      headers,
    });
  }

  async send(
    operation: TowerOperation,
    document: string,
    variables: Vars,
    options: { auth?: string; signal?: AbortSignal } = {},
  ): Promise<WireAnswer> {
    const ctx = { towerId: this.options.towerId, operation };
    const release = await this.limiter.acquire(options.signal).catch(() => {
      throw new TowerAbortedError(ctx);
    });
    const timeoutSignal = AbortSignal.timeout(this.options.requestTimeoutMs);
    try {
      const answer = await this.client.rawRequest<unknown>({
        query: document,
        variables,
        requestHeaders: options.auth ? { Authorization: options.auth } : {},
        signal: options.signal
          ? AbortSignal.any([timeoutSignal, options.signal])
          : timeoutSignal,
      });
      return { data: answer.data, date: answer.headers.get('date') };
    } catch (e) {
      const error = this.toTowerError(e, ctx, timeoutSignal, options.signal);
      if (!(error instanceof TowerAbortedError)) this.onRequestFailed?.(error);
      throw error;
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    // Requests still running keep their sockets until done.
    const agent = this.agent;
    this.agent = undefined;
    await agent?.close().catch(() => undefined);
  }

  /**
   * The client's fetch: only a 2xx answer of a size allowed reaches graphql-request. Redirects are
   * never followed: a 3xx names the target's origin only, so nothing is sent to another origin.
   */
  private readonly fetch = async (
    url: string | URL,
    init: RequestInit,
  ): Promise<Response> => {
    const res = (await undiciFetch(url, {
      ...(init as UndiciRequestInit),
      redirect: 'manual',
      dispatcher: (this.agent ??= this.createDispatcher()),
    })) as unknown as Response;
    if (res.status >= 300 && res.status <= 399) {
      drop(res);
      const target = redirectTarget(res.headers.get('location'), String(url));
      throw new Refusal(ctx => new TowerRedirectError(res.status, target, ctx));
    }
    if (!res.ok) throw await this.httpError(res);
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > this.options.maxResponseBytes) {
      drop(res);
      throw new Refusal(ctx => this.tooLarge(ctx));
    }
    const encoding = res.headers.get('content-encoding');
    if (encoding && encoding !== 'identity') {
      drop(res);
      const words = `response encoded as ${plainText(encoding, 32)}, which was not asked for`;
      throw new Refusal(ctx => new TowerResponseError(words, ctx));
    }
    return res;
  };

  private tooLarge(ctx: TowerErrorContext): TowerResponseError {
    return new TowerResponseError(
      `response larger than ${this.options.maxResponseBytes} bytes refused`,
      { ...ctx, code: 'RESPONSE_TOO_LARGE' },
    );
  }

  private async httpError(res: Response): Promise<Refusal> {
    const body = await readUpTo(res, MAX_ERROR_BODY_BYTES)
      .then(({ text, cut }) =>
        parseErrorBody(text, cut, res.headers.get('content-type'), this.scrub),
      )
      .catch(() => void drop(res));
    const statusText = STATUS_CODES[res.status] ?? '';
    return new Refusal(
      ctx => new TowerHttpError(res.status, statusText, { ...ctx, body }),
    );
  }

  /**
   * Every way a request fails, as a TowerError. graphql-request's ClientError embeds the request
   * variables (the password, for login): it is never kept as a cause, and messages are scrubbed.
   */
  private toTowerError(
    e: unknown,
    ctx: TowerErrorContext,
    timeoutSignal: AbortSignal,
    signal: AbortSignal | undefined,
  ): TowerError {
    if (e instanceof Refusal) return e.toTowerError(ctx);
    if (e instanceof ClientError) return this.graphqlError(e, ctx);
    if (findCode(e).code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE')
      return this.tooLarge(ctx);
    if (signal?.aborted) return new TowerAbortedError(ctx);
    if (timeoutSignal.aborted)
      return new TowerTimeoutError(this.options.requestTimeoutMs, ctx);
    if (e instanceof Error && e.cause !== undefined)
      return unreachableError(e, ctx);
    // What is left is graphql-request refusing a 2xx body; its own words would quote the body.
    return new TowerResponseError('response is not valid JSON', ctx);
  }

  private graphqlError(e: ClientError, ctx: TowerErrorContext): TowerError {
    const found = graphqlErrors(e.response.errors ?? []);
    const code = found.code && this.scrub(found.code);
    const message = this.scrub(found.message ?? 'GraphQL error');
    if (ctx.operation === 'login' || (code && LOGIN_CODES.has(code))) {
      return new TowerAuthError(`${message}${code ? ` (${code})` : ''}`, {
        ...ctx,
        ...towerCodeOr(code, 'LOGIN_FAILED'),
      });
    }
    return new TowerGraphQLError(code, message, {
      ...ctx,
      messages: found.messages.map(this.scrub),
    });
  }

  /**
   * A pool of the Tower's own (a global dispatcher cannot carry its TLS options); through the
   * environment's proxy, tunnelled with CONNECT, when the process uses one (Node's
   * `NODE_USE_ENV_PROXY=1`, or undici's `EnvHttpProxyAgent` installed globally).
   */
  private createDispatcher(): Dispatcher {
    const { skipTLSVerify, caCert, server, maxResponseBytes } = this.options;
    const tls = {
      rejectUnauthorized: !skipTLSVerify,
      // `ca` replaces Node's trust store, so keep the system roots beside it.
      ca: caCert ? [...rootCertificates, caCert] : undefined,
    };
    const pool = { connect: tls, maxResponseSize: maxResponseBytes };
    // Read, not undici's getGlobalDispatcher: that installs a default one when none is set,
    // changing what Node's fetch uses. Compared by class name: the portal's undici is not ours.
    const installed = (globalThis as Record<symbol, unknown>)[
      GLOBAL_DISPATCHER
    ];
    const envProxy =
      // A loopback Tower's traffic never leaves the machine, which is why http:// is allowed there.
      !isLoopbackHost(new URL(server).hostname) &&
      (/^(1|true)$/i.test(process.env.NODE_USE_ENV_PROXY ?? '') ||
        installed?.constructor.name === 'EnvHttpProxyAgent');
    return envProxy
      ? new EnvHttpProxyAgent({ ...pool, requestTls: tls })
      : new Agent(pool);
  }
}

function drop(res: Response): void {
  res.body?.cancel().catch(() => undefined);
}

async function readUpTo(
  res: Response,
  limit: number,
): Promise<{ text: string; cut: boolean }> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of res.body ?? []) {
    chunks.push(chunk);
    total += chunk.byteLength;
    if (total > limit) break;
  }
  const text = Buffer.concat(chunks).subarray(0, limit).toString('utf8');
  return { text, cut: total > limit };
}

function redirectTarget(location: string | null, from: string): string {
  if (!location) return 'no location';
  if (!URL.canParse(location, from)) return 'an unparseable location';
  const target = new URL(location, from);
  const origin =
    target.protocol === 'http:' || target.protocol === 'https:'
      ? target.origin
      : `a ${target.protocol.replace(/[^a-z0-9+.-]/gi, '')} URL`;
  const downgrade =
    new URL(from).protocol === 'https:' && target.protocol === 'http:';
  return downgrade ? `${origin} (an https to http downgrade)` : origin;
}
