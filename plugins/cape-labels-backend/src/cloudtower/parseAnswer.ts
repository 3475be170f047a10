import { TowerOperation, TowerResponseError } from './errors';
import { ShapeError } from './operations';

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
