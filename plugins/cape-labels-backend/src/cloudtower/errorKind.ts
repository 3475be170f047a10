import { authFailureCode } from './authFailure';
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

/**
 * What kind of failure a request to Tower met: a fixed set, so that it can be a metric's
 * attribute (a TowerError's `code` may be Tower's own words or any HTTP status).
 */
export type TowerErrorKind =
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
