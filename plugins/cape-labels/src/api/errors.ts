/**
 * A sweep was requested while that Tower is already sweeping (HTTP 409).
 * @public
 */
export class SweepAlreadyRunningError extends Error {
  /** The Tower that is sweeping. */
  readonly towerId: string;

  constructor(towerId: string, message?: string) {
    super(message ?? `A sweep of Tower ${towerId} is already running`);
    this.name = 'SweepAlreadyRunningError';
    this.towerId = towerId;
  }
}

/**
 * True for {@link SweepAlreadyRunningError} (also across bundles, by name).
 * @public
 */
export function isSweepAlreadyRunningError(
  error: unknown,
): error is SweepAlreadyRunningError {
  return (
    error instanceof SweepAlreadyRunningError ||
    (typeof error === 'object' &&
      error !== null &&
      (error as { name?: unknown }).name === 'SweepAlreadyRunningError')
  );
}
