/**
 * An error the simulated Tower answers with: `code` becomes the GraphQL error code (and picks the
 * status of an admin route). Not the backend's `SimulatorError`, which is what a client makes of it.
 */
export class SimulatorError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
