/**
 * The codes the plugin itself gives a run's error, each with when it does. The backend sets
 * these only through this type, so a code it names that is not here fails the type check.
 * @public
 */
export type PluginRunErrorCode =
  // The Tower client (backend src/cloudtower)
  /** Tower refused the login without a code (Tower's own `LOGIN_FAILED` is the same code). */
  | 'LOGIN_FAILED'
  /** The login answered without a token: Tower wants a second factor (use an API key). */
  | 'NO_TOKEN'
  /** Tower refused the configured API key; it is never retried. */
  | 'API_KEY_REFUSED'
  /**
   * Not logged in: Tower refused the password logins before in a row, and the next is not due
   * yet (`nextLoginAt`, `refusals`); "Sweep now" or a change of the credentials tries at once.
   */
  | 'LOGIN_PAUSED'
  /** The configured `authConfigId` is not an LDAP config `authnStrategies` lists. */
  | 'LDAP_CONFIG_UNKNOWN'
  /** `authnStrategies` lists several LDAP configs and no `authConfigId` picks one. */
  | 'LDAP_CONFIG_AMBIGUOUS'
  /** No answer within the request timeout (`requestTimeoutMs`). */
  | 'TIMEOUT'
  /** Tower or a proxy answered with a redirect, which is never followed. */
  | 'REDIRECT'
  /** A TLS certificate or handshake failure (the system's code is in the message). */
  | 'TLS'
  /** The request failed at the network level without a system error code. */
  | 'NETWORK'
  /** An answer that is not JSON, or otherwise unusable. */
  | 'MALFORMED_RESPONSE'
  /** An answer larger than the client reads (`maxResponseBytes`). */
  | 'RESPONSE_TOO_LARGE'
  /** A JSON answer that is not the shape the operation expects. */
  | 'UNEXPECTED_SHAPE'
  /** The relations that keep labels in use could not be read, so nothing is deleted. */
  | 'RELATIONS_UNKNOWN'
  /** Tower answered with GraphQL `errors` whose first error carries no code. */
  | 'GRAPHQL_ERROR'
  /** Tower answered with a non-2xx HTTP status (Tower's own code is in the message). */
  | `HTTP_${number}`
  /** A Tower request or the whole sweep was stopped before it ended (timeout, shutdown, cancel). */
  | 'ABORTED'
  // The sweep (backend src/sweep)
  /** The run stopped deleting at `maxDeletesPerRun`; the rest wait for the next run. */
  | 'CAP_REACHED'
  /** The run's history (outcomes, sightings) could not be written, so the run stopped. */
  | 'STORE_FAILED'
  /** The sweep failed with an error that is not the Tower client's. */
  | 'INTERNAL'
  // The store (backend src/database)
  /** The replica running the sweep stopped before it finished; a later sweep recorded it. */
  | 'REPLICA_LOST';

/**
 * A code from outside the plugin, passed through as it came: Tower's own (a GraphQL error's or
 * an ErrorBody's, e.g. `USER_PASSWORD_INCORRECT`, `LOAD_TOKEN_FAILED`), or the system's
 * (`ECONNREFUSED`, `ENOTFOUND`, ...). Any string: `string & {}` rather than `string` keeps the
 * plugin's own codes visible in {@link RunErrorCode} (a plain `string` would swallow them).
 * @public
 */
export type PassedThroughCode = string & {};

/**
 * The code of a run's error: one of the plugin's own, or one passed through from Tower or the
 * system.
 * @public
 */
export type RunErrorCode = PluginRunErrorCode | PassedThroughCode;
