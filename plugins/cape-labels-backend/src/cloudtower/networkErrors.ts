import { toError } from '@backstage/errors';
import {
  TowerAbortedError,
  TowerError,
  TowerTimeoutError,
  TowerUnreachableError,
  type TowerOperation,
} from './errors';

/*
 * Network failures as the client's typed errors: which system codes are TLS failures, what
 * each network code means, and which failures happened before a request could reach Tower.
 */

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
  const cause = new Error(toError(e).message);
  const code = errorCode(e);
  if (code) Object.assign(cause, { code });
  return cause;
}

/** Maps a failed fetch to one of the client's typed errors. */
export function classifyFetchError(
  e: unknown,
  request: {
    towerId: string;
    operation: TowerOperation;
    timeoutMs: number;
    /** The caller's signal, if any. */
    signal?: AbortSignal;
    timeoutSignal: AbortSignal;
  },
): TowerError {
  if (e instanceof TowerError) return e;
  const base = { towerId: request.towerId, operation: request.operation };
  if (request.signal?.aborted) return new TowerAbortedError(base);
  if (request.timeoutSignal.aborted)
    return new TowerTimeoutError(request.timeoutMs, base);
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
      passedThroughCode: code,
      cause: networkCause(error),
    });
  }
  return new TowerUnreachableError(`network error: ${toError(e).message}`, {
    ...base,
    code: 'NETWORK',
    cause: networkCause(e),
  });
}

/** Network errors raised before the request could reach Tower: nothing to wait for. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'TLS',
]);

/** Whether a `TowerUnreachableError` code says the request never reached Tower. */
export function neverSent(code: string): boolean {
  return NOT_SENT_CODES.has(code);
}
