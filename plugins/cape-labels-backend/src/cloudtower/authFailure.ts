import { TowerGraphQLError, TowerHttpError } from './errors';

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
