import {
  TowerAbortedError,
  TowerAuthError,
  TowerError,
  TowerGraphQLError,
  TowerHttpError,
  TowerRedirectError,
  TowerResponseError,
  TowerTimeoutError,
  TowerUnreachableError,
} from './errors';

/*
 * What a failed request's error says: its kind for the metrics, and whether Tower refused the
 * token or API key (the session logs in again, or fails the key).
 */

/**
 * What kind of failure a request to Tower met: a fixed set, so that it can be a metric's
 * attribute (a TowerError's `code` may be Tower's own words or any HTTP status).
 */
type TowerErrorKind =
  | 'TIMEOUT'
  | 'UNREACHABLE'
  | 'TLS'
  | 'REDIRECT'
  | 'AUTH'
  | 'HTTP_4xx'
  | 'HTTP_5xx'
  | 'GRAPHQL'
  | 'MALFORMED_RESPONSE'
  | 'RESPONSE_TOO_LARGE'
  | 'OTHER';

/** The error's kind; undefined for the caller's own abort, which is no failure of Tower's. */
export function towerErrorKind(error: TowerError): TowerErrorKind | undefined {
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

/** Codes Tower (or a GraphQL server in front of it) gives a missing, revoked or unknown token. */
const AUTH_CODES = new Set(['LOAD_TOKEN_FAILED', 'UNAUTHENTICATED']);

/**
 * Why Tower refused the token or API key a request carried, in any of the shapes it says so:
 * a GraphQL error coded `LOAD_TOKEN_FAILED` (at the top level or under `extensions`), HTTP 401,
 * or a JSON ErrorBody with such a code. Undefined when the error is about something else.
 */
export function authFailureCode(e: unknown): string | undefined {
  if (e instanceof TowerGraphQLError) {
    return e.graphqlCode && AUTH_CODES.has(e.graphqlCode)
      ? e.graphqlCode
      : undefined;
  }
  if (e instanceof TowerHttpError) {
    if (e.towerCode && AUTH_CODES.has(e.towerCode)) return e.towerCode;
    if (e.status === 401) return e.towerCode ?? e.code;
  }
  return undefined;
}
