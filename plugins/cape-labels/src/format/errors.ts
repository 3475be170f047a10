import { toError } from '@backstage/errors';

/** The most useful message of an error, preferring the backend's own. */
export function errorMessage(e: unknown): string {
  if (typeof e === 'object' && e !== null) {
    const body = (e as { body?: { error?: { message?: unknown } } }).body;
    if (typeof body?.error?.message === 'string') {
      return body.error.message;
    }
  }
  return toError(e).message;
}

/** The backend refused the user (HTTP 403, e.g. no `cape-labels.read`). */
export function isNotAllowed(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) {
    return false;
  }
  const { statusCode, name } = e as { statusCode?: unknown; name?: unknown };
  return statusCode === 403 || name === 'NotAllowedError';
}
