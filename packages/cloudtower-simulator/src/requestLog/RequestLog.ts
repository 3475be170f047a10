/** One GraphQL request as the simulator saw it. */
export interface RequestLogEntry {
  seq: number;
  operationName: string | null;
  rootFields: string[];
  /** Epoch ms when the request body was complete / when the answer was finished (null: in flight or hung). */
  startMs: number;
  endMs: number | null;
  /** Public id of the token used ("t3"), null without a valid token. */
  tokenId: string | null;
  /** Arguments summary per root field: first, skip, orderBy, where keys, id_in / key_in sizes. */
  args: Record<string, ArgsSummary>;
  /** Names of the request's headers, lower case (never their values). */
  headerNames: string[];
  /**
   * 'ok', 'errors' (GraphQL errors in the answer), 'fault:<kind>', 'bad-request', 'client-closed' or
   * 'gateway-refused' (a required header was missing: 403 before Tower saw the request).
   */
  outcome: string;
  httpStatus: number;
  errorCodes: string[];
}

export interface ArgsSummary {
  first?: number;
  skip?: number;
  last?: number;
  after?: string;
  orderBy?: string;
  /** Field names used anywhere in `where`, flattened (e.g. ["id_in", "key_in", "vms_none"]). */
  whereKeys?: string[];
  idInCount?: number;
  keyIn?: string[];
  idGt?: string;
}

export interface RequestCounters {
  requests: number;
  inFlight: number;
  maxInFlight: number;
  /** Requests per root field (a request with two root fields counts for both). */
  byRootField: Record<string, number>;
  byOutcome: Record<string, number>;
}

function walkWhere(where: unknown, s: ArgsSummary, keys: Set<string>): void {
  if (Array.isArray(where)) {
    for (const w of where) walkWhere(w, s, keys);
    return;
  }
  if (!where || typeof where !== 'object') return;
  for (const [k, v] of Object.entries(where as Record<string, unknown>)) {
    if (k === 'AND' || k === 'OR' || k === 'NOT') {
      walkWhere(v, s, keys);
      continue;
    }
    keys.add(k);
    if (k === 'id_in' && Array.isArray(v))
      s.idInCount = (s.idInCount ?? 0) + v.length;
    if (k === 'key_in' && Array.isArray(v)) s.keyIn = v.map(String);
    if (k === 'id_gt' && typeof v === 'string') s.idGt = v;
  }
}

export function summarizeArgs(args: Record<string, unknown>): ArgsSummary {
  const s: ArgsSummary = {};
  for (const k of ['first', 'skip', 'last'] as const)
    if (typeof args[k] === 'number') s[k] = args[k] as number;
  if (typeof args.after === 'string') s.after = args.after;
  if (typeof args.orderBy === 'string') s.orderBy = args.orderBy;
  if (args.where && typeof args.where === 'object') {
    const keys = new Set<string>();
    walkWhere(args.where, s, keys);
    s.whereKeys = [...keys];
  }
  return s;
}

/** Request log and counters, for tests that check what a client did. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private seq = 0;
  private counters: RequestCounters = {
    requests: 0,
    inFlight: 0,
    maxInFlight: 0,
    byRootField: {},
    byOutcome: {},
  };

  constructor(private readonly maxEntries = 100_000) {}

  begin(
    e: Omit<
      RequestLogEntry,
      'seq' | 'endMs' | 'outcome' | 'httpStatus' | 'errorCodes'
    >,
  ): RequestLogEntry {
    this.seq += 1;
    const entry: RequestLogEntry = {
      ...e,
      seq: this.seq,
      endMs: null,
      outcome: 'in-flight',
      httpStatus: 0,
      errorCodes: [],
    };
    this.entries.push(entry);
    // Trimmed in bulk: a splice per request would copy the whole full log each time.
    if (this.entries.length >= 2 * this.maxEntries)
      this.entries = this.entries.slice(-this.maxEntries);
    const c = this.counters;
    c.requests += 1;
    c.inFlight += 1;
    c.maxInFlight = Math.max(c.maxInFlight, c.inFlight);
    for (const f of e.rootFields)
      c.byRootField[f] = (c.byRootField[f] ?? 0) + 1;
    return entry;
  }

  /** Marks the outcome; `finished` false for hangs (the answer never completes). */
  end(
    entry: RequestLogEntry,
    outcome: string,
    httpStatus: number,
    errorCodes: string[] = [],
    finished = true,
  ): void {
    if (entry.outcome !== 'in-flight') return;
    entry.outcome = outcome;
    entry.httpStatus = httpStatus;
    entry.errorCodes = errorCodes;
    if (finished) entry.endMs = Date.now();
    this.counters.inFlight -= 1;
    this.counters.byOutcome[outcome] =
      (this.counters.byOutcome[outcome] ?? 0) + 1;
  }

  list(sinceSeq = 0): RequestLogEntry[] {
    const kept = this.entries.slice(-this.maxEntries);
    return kept.filter(e => e.seq > sinceSeq);
  }

  stats(): RequestCounters {
    return JSON.parse(JSON.stringify(this.counters));
  }

  reset(): void {
    this.entries = [];
    const inFlight = this.counters.inFlight;
    this.counters = {
      requests: 0,
      inFlight,
      maxInFlight: inFlight,
      byRootField: {},
      byOutcome: {},
    };
  }
}
