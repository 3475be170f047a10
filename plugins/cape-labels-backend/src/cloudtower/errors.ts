import type {
  PluginRunErrorCode,
  RunErrorCode,
} from '@smartx-cape/plugin-cape-labels-common';
import { toError } from '@backstage/errors';
import { plainText } from '../lib/plainText';

export type TowerOperation =
  | 'authnStrategies'
  | 'login'
  | 'ping'
  | 'logout'
  | 'listLabels'
  | 'checkLabels'
  | 'deleteLabels'
  | 'readExistingIds'
  | 'readRelations'
  | 'readHolders';

const MAX_DETAIL_BYTES = 1024;
const MAX_MESSAGES = 50;
const MAX_CODE_BYTES = 128;

function boundedMessages(messages: readonly string[]): string[] {
  return messages
    .slice(0, MAX_MESSAGES)
    .map(m => plainText(m, MAX_DETAIL_BYTES));
}

type CodeOption =
  | { code: PluginRunErrorCode; passedThroughCode?: never }
  | { passedThroughCode: string; code?: never };

export type TowerErrorContext = { towerId: string; operation: TowerOperation };

type Ctx = TowerErrorContext & { cause?: unknown };

export function towerCodeOr(
  towerCode: string | undefined,
  fallback: PluginRunErrorCode,
): CodeOption {
  return towerCode === undefined
    ? { code: fallback }
    : { passedThroughCode: towerCode };
}

/** The message reads `Tower <id>: <operation> failed: <detail>`, never with a secret in it. */
export abstract class TowerError extends Error {
  readonly code: RunErrorCode;
  readonly towerId: string;
  readonly operation: TowerOperation;
  readonly params: Record<string, string | number>;

  // Public for the subclasses that add nothing; `abstract` keeps `new TowerError` out.
  constructor(detail: string, options: Ctx & CodeOption) {
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

export class TowerAuthError extends TowerError {}

/** `code`: the system's code as it came, `NETWORK` without one, or `TLS` (Node's in `tlsCode`). */
export class TowerUnreachableError extends TowerError {
  readonly tlsCode?: string;
  constructor(detail: string, ctx: Ctx & CodeOption & { tlsCode?: string }) {
    const { tlsCode, ...options } = ctx;
    super(detail, options);
    this.tlsCode = tlsCode;
    if (tlsCode) this.params.tlsCode = plainText(tlsCode, MAX_CODE_BYTES);
  }
}

export class TowerTimeoutError extends TowerError {
  constructor(timeoutMs: number, ctx: Ctx) {
    super(`no answer within ${timeoutMs} ms`, { ...ctx, code: 'TIMEOUT' });
    this.params.timeoutMs = timeoutMs;
  }
}

type TowerHttpErrorBody = Partial<ReturnType<typeof graphqlErrors>>;

export class TowerHttpError extends TowerError {
  readonly status: number;
  readonly towerCode?: string;
  readonly messages: string[];
  constructor(
    status: number,
    statusText: string,
    ctx: Ctx & { body?: TowerHttpErrorBody },
  ) {
    const { body, ...rest } = ctx;
    const words = body?.message ? `: ${body.message}` : '';
    const towerCode = body?.code ? ` (${body.code})` : '';
    const text = statusText ? ` ${statusText}` : '';
    super(`HTTP ${status}${text}${towerCode}${words}`, {
      ...rest,
      code: `HTTP_${status}`,
    });
    this.status = this.params.status = status;
    this.messages = boundedMessages(body?.messages ?? []);
    if (body?.code !== undefined) {
      this.towerCode = plainText(body.code, MAX_CODE_BYTES);
      this.params.towerCode = this.towerCode;
    }
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
    this.status = this.params.status = status;
    this.targetOrigin = this.params.targetOrigin = targetOrigin;
  }
}

export class TowerResponseError extends TowerError {
  constructor(
    detail: string,
    ctx: Ctx & {
      code?:
        | 'MALFORMED_RESPONSE'
        | 'RESPONSE_TOO_LARGE'
        | 'UNEXPECTED_SHAPE'
        | 'RELATIONS_UNKNOWN';
    },
  ) {
    super(detail, { ...ctx, code: ctx.code ?? 'MALFORMED_RESPONSE' });
  }
}

export class TowerGraphQLError extends TowerError {
  readonly graphqlCode?: string;
  readonly messages: string[];
  constructor(
    graphqlCode: string | undefined,
    message: string,
    { messages = [message], ...ctx }: Ctx & { messages?: string[] },
  ) {
    super(`${message}${graphqlCode ? ` (${graphqlCode})` : ''}`, {
      ...ctx,
      ...towerCodeOr(graphqlCode, 'GRAPHQL_ERROR'),
    });
    this.graphqlCode = graphqlCode === undefined ? undefined : this.code;
    this.messages = boundedMessages(messages);
  }
}

export class TowerAbortedError extends TowerError {
  constructor(ctx: Ctx) {
    super('aborted by the caller', { ...ctx, code: 'ABORTED' });
    this.name = 'AbortError';
  }
}

export class ShapeError extends Error {}

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

/**
 * What kind of failure a request to Tower met, of a fixed set so that it can be a metric's
 * attribute (a TowerError's `code` may be Tower's own words or any HTTP status); undefined for
 * the caller's own abort, which is no failure of Tower's.
 */
export function towerErrorKind(error: TowerError) {
  if (error instanceof TowerAbortedError) return undefined;
  if (error instanceof TowerTimeoutError) return 'TIMEOUT';
  if (error instanceof TowerUnreachableError)
    return error.code === 'TLS' ? 'TLS' : 'UNREACHABLE';
  if (error instanceof TowerRedirectError) return 'REDIRECT';
  if (error instanceof TowerAuthError || authFailureCode(error) !== undefined)
    return 'AUTH';
  if (error instanceof TowerHttpError) {
    if (error.status >= 500 && error.status <= 599) return 'HTTP_5xx';
    if (error.status >= 400 && error.status <= 499) return 'HTTP_4xx';
    return 'OTHER';
  }
  if (error instanceof TowerGraphQLError) return 'GRAPHQL';
  if (error instanceof TowerResponseError)
    return error.code === 'RESPONSE_TOO_LARGE'
      ? 'RESPONSE_TOO_LARGE'
      : 'MALFORMED_RESPONSE';
  return 'OTHER';
}

const AUTH_CODES = new Set([
  'LOAD_TOKEN_FAILED',
  'UNAUTHENTICATED',
  'NOT_MATCH_USER',
  'PERMISSION_DENIED',
]);

/** Why Tower refused the token, key or login, in any shape it says so; else undefined. */
export function authFailureCode(e: unknown): string | undefined {
  let code: string | undefined;
  if (e instanceof TowerGraphQLError) code = e.graphqlCode;
  else if (e instanceof TowerHttpError) code = e.towerCode;
  if (code && AUTH_CODES.has(code)) return code;
  if (e instanceof TowerHttpError && e.status === 401) return code ?? e.code;
  return undefined;
}

const NO_PASSWORD_REFUSED = new Set([
  'NO_TOKEN',
  'LDAP_CONFIG_UNKNOWN',
  'LDAP_CONFIG_AMBIGUOUS',
  'LOGIN_PAUSED',
]);

/** Whether Tower refused a password login: each refusal counts toward locking the account. */
export function isRefusedLogin(e: unknown): e is TowerError {
  if (!(e instanceof TowerError) || e.operation !== 'login') return false;
  if (e instanceof TowerAuthError) return !NO_PASSWORD_REFUSED.has(e.code);
  return authFailureCode(e) !== undefined;
}

export const MAX_ERROR_BODY_BYTES = 64 * 1024;
/**
 * Characters dropped before the cut of a body longer than that: a secret cut in two there
 * would no longer match the scrubber, so the part before the cut is never quoted.
 */
const CUT_MARGIN = 4096;
const MAX_WORDS_BYTES = 512;

export const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v : undefined;

const codeText = (v: unknown): string | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? String(v) : str(v);

/** A GraphQL `errors` list: the first error's code (top level or under `extensions`) and words. */
export function graphqlErrors(errors: readonly unknown[]) {
  const [first] = errors;
  const messageOf = (e: unknown) => (isObj(e) ? str(e.message) : undefined);
  return {
    code: isObj(first)
      ? (codeText(first.code) ??
        (isObj(first.extensions) ? codeText(first.extensions.code) : undefined))
      : undefined,
    message: messageOf(first),
    messages: errors.map(messageOf).filter(m => m !== undefined),
  };
}

function fromJson(text: string): TowerHttpErrorBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { message: text };
  }
  if (!isObj(value)) return {};
  if (Array.isArray(value.errors)) return graphqlErrors(value.errors);
  return {
    code: codeText(value.code),
    message: str(value.message) ?? str(value.error),
  };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]{2,6}));/gi,
    (whole, decimal?: string, hex?: string, name?: string) => {
      if (name) return ENTITIES[name.toLowerCase()] ?? whole;
      const point = hex ? parseInt(hex, 16) : Number(decimal);
      return point > 0 && point <= 0x10ffff
        ? String.fromCodePoint(point)
        : whole;
    },
  );
}

/**
 * A comment, a script or style element with its content, or a tag: each up to its end, or to the
 * end of the text when it is not closed.
 */
const MARKUP =
  /<!--[\s\S]*?(?:-->|$)|<(script|style)[\s>/][\s\S]*?(?:<\/\1[^>]*(?:>|$)|$)|<[^>]*(?:>|$)/gi;

function bodyWords(text: string | undefined, scrub: (t: string) => string) {
  if (text === undefined) return undefined;
  const line = plainText(scrub(text)).replace(/\s+/g, ' ').trim();
  return line ? plainText(line, MAX_WORDS_BYTES) : undefined;
}

/**
 * Tower's code and words from the body of a non-2xx answer, as Tower and the gateways in front of
 * it send it: a JSON ErrorBody (`{code?, message, status, path}`), GraphQL errors, or an HTML or
 * plain-text page (`cut`: only its first MAX_ERROR_BODY_BYTES were read). `scrub` removes secrets;
 * it runs on the raw body and again on what was decoded from it (HTML may carry one as entities).
 */
export function parseErrorBody(
  raw: string,
  cut: boolean,
  contentType: string | null,
  scrub: (text: string) => string,
): TowerHttpErrorBody {
  const text = scrub(cut ? raw.slice(0, -CUT_MARGIN) : raw).trim();
  if (!text) return {};
  const found: TowerHttpErrorBody = text.startsWith('{')
    ? fromJson(text)
    : {
        message:
          text.startsWith('<') || /html/i.test(contentType ?? '')
            ? decodeEntities(text.replace(MARKUP, ' '))
            : text,
      };
  return {
    code: bodyWords(found.code, scrub),
    message: bodyWords(found.message, scrub),
    messages: found.messages?.map(m => bodyWords(m, scrub) ?? ''),
  };
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
  'EPROTO',
]);

/** Each network code's words, and whether it means no connection was made (nothing sent). */
const NETWORK_DETAILS: Record<string, { words: string; neverSent?: true }> = {
  ECONNREFUSED: { words: 'connection refused', neverSent: true },
  ENOTFOUND: { words: 'host not found', neverSent: true },
  EAI_AGAIN: { words: 'DNS lookup failed (temporary)', neverSent: true },
  ECONNRESET: { words: 'connection reset' },
  EHOSTUNREACH: { words: 'host unreachable', neverSent: true },
  ENETUNREACH: { words: 'network unreachable', neverSent: true },
  ETIMEDOUT: { words: 'connection timed out' },
  UND_ERR_CONNECT_TIMEOUT: { words: 'connection timed out', neverSent: true },
  UND_ERR_SOCKET: { words: 'socket closed' },
};

export function findCode(e: unknown): { code?: string; error: unknown } {
  let current: unknown = e;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof current === 'object' && typeof code === 'string' && code)
      return { code, error: current };
    current = cause;
  }
  return { error: e };
}

export function unreachableError(e: unknown, ctx: Ctx): TowerUnreachableError {
  const { code, error } = findCode(e);
  // A credential-free copy: the words and the code only.
  const cause = Object.assign(
    new Error(toError(error).message),
    code ? { code } : {},
  );
  if (code && (TLS_CODES.has(code) || /^ERR_(TLS|SSL)_/.test(code)))
    return new TowerUnreachableError(`TLS error (${code})`, {
      ...ctx,
      cause,
      code: 'TLS',
      tlsCode: code,
    });
  if (code)
    return new TowerUnreachableError(
      `${NETWORK_DETAILS[code]?.words ?? 'network error'} (${code})`,
      { ...ctx, cause, passedThroughCode: code },
    );
  return new TowerUnreachableError(`network error: ${toError(e).message}`, {
    ...ctx,
    cause,
    code: 'NETWORK',
  });
}

/**
 * Whether a failed delete may have been committed by Tower, now or a moment later: no usable
 * answer (timeout, reset, 5xx, malformed answer). An answer Tower gave (GraphQL errors, 4xx, auth)
 * and a connection never made are not ambiguous.
 */
export function isAmbiguous(error: unknown): boolean {
  if (!(error instanceof TowerError)) return true;
  if (error instanceof TowerTimeoutError) return true;
  if (error instanceof TowerResponseError) return true;
  if (error instanceof TowerHttpError) return error.status >= 500;
  if (error instanceof TowerUnreachableError)
    return error.code !== 'TLS' && !NETWORK_DETAILS[error.code]?.neverSent;
  return false;
}
