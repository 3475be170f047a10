import type {
  PluginRunErrorCode,
  RunErrorCode,
} from '@smartx-cape/plugin-cape-labels-common';
import { plainText } from '../lib/plainText';

/** The operation a Tower error happened in; part of every error message. */
export type TowerOperation =
  | 'authnStrategies'
  | 'login'
  | 'ping'
  | 'logout'
  | 'listLabels'
  | 'checkLabels'
  | 'deleteLabels'
  | 'readExistingIds'
  | 'readRelations';

/** Tower's words quoted in an error, at most (UTF-8 bytes). */
const MAX_DETAIL_BYTES = 1024;
/** Messages of an answer's GraphQL errors kept, at most (each bounded like a detail). */
const MAX_MESSAGES = 50;
/** Tower's words of each error of an answer, plain and bounded (at most MAX_MESSAGES of them). */
function boundedMessages(messages: readonly string[]): string[] {
  return messages
    .slice(0, MAX_MESSAGES)
    .map(m => plainText(m, MAX_DETAIL_BYTES));
}

/** An error code comes from Tower's answer too. */
const MAX_CODE_BYTES = 128;

/**
 * An error's code: one of the plugin's own (checked against the common package's list), or a
 * code from outside the plugin, Tower's or the system's, passed through as it came.
 */
type CodeOption =
  | { code: PluginRunErrorCode; passedThroughCode?: never }
  | { passedThroughCode: string; code?: never };

/** Where the error happened, and what caused it. */
type Ctx = {
  towerId: string;
  operation: TowerOperation;
  /** Must never carry credentials: callers pass only network-level errors. */
  cause?: unknown;
};

type TowerErrorOptions = Ctx & CodeOption;

/** Tower's own code when its answer had one, else the plugin's `fallback`. */
export function towerCodeOr(
  towerCode: string | undefined,
  fallback: PluginRunErrorCode,
): CodeOption {
  return towerCode === undefined
    ? { code: fallback }
    : { passedThroughCode: towerCode };
}

/**
 * Base class of every error the Tower client throws. The message reads
 * `Tower <id>: <operation> failed: <detail>`; it never contains the password
 * or the token.
 */
export abstract class TowerError extends Error {
  readonly code: RunErrorCode;
  readonly towerId: string;
  readonly operation: TowerOperation;
  /** The figures and names of the message, for a frontend that words the code itself. */
  readonly params: Record<string, string | number>;

  // Public for the subclasses that add nothing; `abstract` keeps `new TowerError` out.
  constructor(detail: string, options: TowerErrorOptions) {
    super(
      // The detail may quote Tower's answer: one plain, bounded line.
      `Tower ${options.towerId}: ${options.operation} failed: ${plainText(detail, MAX_DETAIL_BYTES)}`,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = new.target.name;
    this.code = plainText(
      options.code ?? options.passedThroughCode,
      MAX_CODE_BYTES,
    );
    this.towerId = options.towerId;
    this.operation = options.operation;
    this.params = { towerId: options.towerId, operation: options.operation };
  }
}

/** Login rejected, or the token is still rejected after one re-login. */
export class TowerAuthError extends TowerError {}

/**
 * The server could not be reached. `code` is the system error code, passed through
 * (`ECONNREFUSED`, `ENOTFOUND`, `EAI_AGAIN`, ...), `NETWORK` without one, or `TLS` for
 * certificate and handshake failures, in which case `tlsCode` holds Node's code (e.g.
 * `DEPTH_ZERO_SELF_SIGNED_CERT`).
 */
export class TowerUnreachableError extends TowerError {
  readonly tlsCode?: string;
  constructor(detail: string, ctx: Ctx & CodeOption & { tlsCode?: string }) {
    const { tlsCode, ...options } = ctx;
    super(detail, options);
    this.tlsCode = tlsCode;
    if (tlsCode) this.params.tlsCode = plainText(tlsCode, MAX_CODE_BYTES);
  }
}

/** The per-request timeout (`requestTimeoutMs`) elapsed. */
export class TowerTimeoutError extends TowerError {
  readonly timeoutMs: number;
  constructor(timeoutMs: number, ctx: Ctx) {
    super(`no answer within ${timeoutMs} ms`, { ...ctx, code: 'TIMEOUT' });
    this.timeoutMs = timeoutMs;
    this.params.timeoutMs = timeoutMs;
  }
}

/** What a non-2xx answer's body said, already scrubbed of secrets. */
export type TowerHttpErrorBody = {
  /** Tower's error code: a JSON ErrorBody's `code`, or a GraphQL error's. */
  code?: string;
  /** Tower's words: a JSON `message`, or the text of an HTML page. */
  message?: string;
  /** Every GraphQL error's words, when the body held GraphQL `errors` (as Apollo answers a 400). */
  messages?: string[];
};

/**
 * Tower (or a gateway in front of it) answered with a non-2xx HTTP status. `code` stays
 * `HTTP_<status>`; Tower's own code is `towerCode`, its words are in the message.
 */
export class TowerHttpError extends TowerError {
  readonly status: number;
  readonly towerCode?: string;
  /** The words of each GraphQL error the body held; empty for other bodies. */
  readonly messages: string[];
  constructor(
    status: number,
    statusText: string,
    ctx: Ctx & { body?: TowerHttpErrorBody },
  ) {
    const { body, ...rest } = ctx;
    const words = body?.message ? `: ${body.message}` : '';
    const towerCode = body?.code ? ` (${body.code})` : '';
    super(
      `HTTP ${status}${statusText ? ` ${statusText}` : ''}${towerCode}${words}`,
      {
        ...rest,
        code: `HTTP_${status}`,
      },
    );
    this.status = status;
    this.messages = boundedMessages(body?.messages ?? []);
    this.towerCode =
      body?.code === undefined
        ? undefined
        : plainText(body.code, MAX_CODE_BYTES);
    this.params.status = status;
    if (this.towerCode !== undefined) this.params.towerCode = this.towerCode;
  }
}

/**
 * Tower (or a proxy in front of it) answered with a redirect. Redirects are never followed: the
 * request body may hold the password. The message names the status and the target's origin only.
 */
export class TowerRedirectError extends TowerError {
  readonly status: number;
  readonly targetOrigin: string;
  constructor(status: number, targetOrigin: string, ctx: Ctx) {
    super(
      `HTTP ${status} redirect to ${targetOrigin} refused (redirects are never followed)`,
      { ...ctx, code: 'REDIRECT' },
    );
    this.status = status;
    this.targetOrigin = targetOrigin;
    this.params.status = status;
    this.params.targetOrigin = targetOrigin;
  }
}

/** The body was not usable: not JSON, too large, or not the expected shape. */
export class TowerResponseError extends TowerError {
  constructor(
    detail: string,
    ctx: Ctx & {
      code?: Extract<
        PluginRunErrorCode,
        | 'MALFORMED_RESPONSE'
        | 'RESPONSE_TOO_LARGE'
        | 'UNEXPECTED_SHAPE'
        | 'RELATIONS_UNKNOWN'
      >;
    },
  ) {
    super(detail, { ...ctx, code: ctx.code ?? 'MALFORMED_RESPONSE' });
  }
}

/**
 * Tower answered with GraphQL `errors`; `code` is the first error's code, the message the first
 * error's words; `messages` holds every error's words (scrubbed by the caller), plain and bounded.
 */
export class TowerGraphQLError extends TowerError {
  readonly graphqlCode?: string;
  readonly messages: string[];
  constructor(
    graphqlCode: string | undefined,
    message: string,
    ctx: Ctx & { messages?: string[] },
  ) {
    super(`${message}${graphqlCode ? ` (${graphqlCode})` : ''}`, {
      towerId: ctx.towerId,
      operation: ctx.operation,
      ...towerCodeOr(graphqlCode, 'GRAPHQL_ERROR'),
    });
    this.graphqlCode = graphqlCode === undefined ? undefined : this.code;
    this.messages = boundedMessages(ctx.messages ?? [message]);
  }
}

/** The caller's AbortSignal fired. `name` is `AbortError` like DOM aborts. */
export class TowerAbortedError extends TowerError {
  constructor(ctx: Ctx) {
    super('aborted by the caller', { ...ctx, code: 'ABORTED' });
    this.name = 'AbortError';
  }
}

export function isTowerError(e: unknown): e is TowerError {
  return e instanceof TowerError;
}

/** Thrown by the answers' parsers (operations.ts); `parseAnswer` turns it into a TowerResponseError. */
export class ShapeError extends Error {}

/** Checks an answer's shape: a malformed answer is a `TowerResponseError`. */
export function parseAnswer<T>(
  towerId: string,
  operation: TowerOperation,
  fn: () => T,
): T {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof ShapeError)) throw e;
    throw new TowerResponseError(`unexpected response: ${e.message}`, {
      towerId,
      operation,
      code: 'UNEXPECTED_SHAPE',
    });
  }
}
