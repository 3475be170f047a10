import { InputError, toError } from '@backstage/errors';
import express from 'express';

/** The `type` body-parser gives its errors (`entity.parse.failed`, ...), if the error has one. */
function bodyParserErrorType(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error))
    return undefined;
  return typeof error.type === 'string' ? error.type : undefined;
}

/** A body that cannot be read is the caller's mistake: 400 in Backstage's error shape. */
function callerError(error: unknown): unknown {
  switch (bodyParserErrorType(error)) {
    case 'entity.parse.failed':
      return new InputError(
        `the body is not valid JSON: ${toError(error).message}`,
      );
    case 'entity.too.large':
      return new InputError('the body is too large');
    default:
      return error;
  }
}

/**
 * Parses JSON bodies of at most `limit`, passing a malformed or too large one on as an InputError.
 * A plain request handler (not an error handler), as the validated router's `middleware` takes.
 */
export function jsonBody(limit: string): express.RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) =>
    parse(req, res, (error?: unknown) =>
      error === undefined ? next() : next(callerError(error)),
    );
}
