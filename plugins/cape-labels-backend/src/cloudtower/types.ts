/** Where a Tower is and how to log in to it: the configured Tower carries the same fields. */
export type TowerEndpoint = {
  /** Base URL; the GraphQL endpoint is `<server>/api`. */
  server: string;
  username: string;
  password: string;
  userSource: 'LOCAL' | 'LDAP';
  skipTLSVerify: boolean;
  /** PEM bundle trusted in addition to the system CAs. */
  caCert?: string;
};

/** How to reach and log in to one Tower, and how hard to work it. */
export type TowerConnectionOptions = TowerEndpoint & {
  /** Tower id from config, used in error messages. */
  towerId: string;
  /** Per-request timeout in ms (default 30 000). */
  requestTimeoutMs?: number;
  /** Requests in flight at once to this Tower (default 8, DEFAULT_MAX_IN_FLIGHT). */
  maxInFlight?: number;
  /** Largest response body accepted, in bytes (default 8 MiB, `capeLabels.maxResponseBytes`). */
  maxResponseBytes?: number;
};

/** A label as listed by the sweep. */
export type TowerLabel = {
  id: string;
  key: string;
  value: string | null;
  createdAt: string;
  /** Tower's lagging counter; null = not computed yet. */
  totalNum: number | null;
};

/** Live state of a label just before deletion (rule 4, docs/architecture.md#the-deletion-rules). */
export type LabelLiveState = {
  id: string;
  totalNum: number | null;
  /** True when at least one VM (recycle bin included) holds the label. */
  hasVm: boolean;
};

export type ListLabelsFilter = {
  /** `key_in` */
  keys: string[];
};

/** Rule-5 guard: the server-side repeat of rules 1-4. */
export type GuardedDeleteInput = {
  ids: string[];
  keys: string[];
  /** ISO timestamp: `createdAt_lte`. */
  createdBefore: string;
};

/**
 * Tower's clock, from the HTTP `Date` header of login's answer: `towerNowMs` is the header's
 * time, a lower bound of Tower's time when it is read (whole seconds, then travel and the time
 * since the answer), so a cutoff taken from it can only be early, never late.
 */
export type TowerClockReading =
  { source: 'tower'; towerNowMs: number } | { source: 'local'; reason: string };

/** Typed operations on one Tower. */
export interface TowerClient {
  /** Keyset pages ordered by id (`id_gt` the last id of the previous page). */
  listLabelPages(
    filter: ListLabelsFilter,
    options: { pageSize: number; signal?: AbortSignal },
  ): AsyncIterable<TowerLabel[]>;
  /** One request: `labels(where: {id_in}) { id total_num vms(first: 1) { id } }`. Missing ids are absent. */
  checkLabels(ids: string[], signal?: AbortSignal): Promise<LabelLiveState[]>;
  /** One `deleteManyLabels` with the rule-5 guard; returns the count Tower reports. */
  deleteLabelsGuarded(
    input: GuardedDeleteInput,
    signal?: AbortSignal,
  ): Promise<number>;
  /** Which of these ids still exist (one request). */
  readExistingIds(ids: string[], signal?: AbortSignal): Promise<string[]>;
  /**
   * Logs in (unless a token is cached) and reads Tower's clock from login's answer. Optional:
   * a client without it leaves the sweep on the backend's clock, recorded as such.
   */
  readClock?(signal?: AbortSignal): Promise<TowerClockReading>;
  /** Revokes the cached token, if any. */
  close(): Promise<void>;
}
