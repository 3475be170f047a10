import { toError } from '@backstage/errors';
import { ClientError, GraphQLClient } from 'graphql-request';
import type { Dispatcher } from 'undici';
import {
  TowerAbortedError,
  TowerAuthError,
  TowerError,
  TowerGraphQLError,
  towerCodeOr,
  TowerOperation,
  TowerResponseError,
} from './errors';
import { graphqlErrorCode } from './errorBody';
import { Limiter } from './limiter';
import {
  createDispatcher,
  createRequestFetch,
  jsonSerializer,
  RequestContext,
  TransportOptions,
} from './transport';
import type {
  RequestFailureListener,
  TowerConnectionOptions,
  TowerCredentials,
} from './types';

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
 * from it (the secrets' helpers are at the end of this file). Knows nothing about login.
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
