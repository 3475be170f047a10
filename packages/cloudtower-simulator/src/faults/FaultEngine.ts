import { SimulatorError } from '../errors';
import { mulberry32, Random } from '../random';

/** Which requests a fault rule applies to; all given conditions must hold. */
export interface FaultMatch {
  /** The GraphQL operation name (e.g. 'SweepDelete'). */
  operationName?: string | string[];
  /** Any root field of the request (e.g. 'deleteManyLabels'). */
  rootField?: string | string[];
}

/** One set of faults. Every field is optional; rates are fractions 0..1 (default 1 when the fault is given). */
export interface FaultRule {
  match?: FaultMatch;
  /** Delay before answering: fixed ms or a random range. */
  latencyMs?: number | { min: number; max: number };
  /** Fraction answered with a GraphQL error (HTTP 200, data null). */
  errorRate?: number;
  errorCode?: string; // default 'SIMULATED_ERROR'
  errorMessage?: string;
  /** Where the code of every GraphQL error of a matching answer sits (default 'top'; some Towers use extensions). */
  errorCodeAt?: ErrorCodeAt;
  /** Answer with this HTTP status (any 4xx or 5xx) ... */
  httpStatus?: number;
  /** ... for this fraction of requests (default 1) ... */
  httpStatusRate?: number;
  /** ... with an HTML body like a proxy's (default) or the REST ErrorBody `{code, message, status, path}`. */
  httpBody?: 'html' | 'json';
  /**
   * Answer a request that carries a valid token as an expired / revoked token is answered: the token
   * is revoked and the answer is LOAD_TOKEN_FAILED (a GraphQL error, or with `httpStatus` that status
   * and body; that `httpStatus` is then no fault of its own). Requests without a valid token (login)
   * are not affected.
   */
  authError?: boolean;
  authErrorRate?: number;
  /** Never answer ('no-response'), or send headers and part of the body then stall ('mid-body'). */
  hang?: 'no-response' | 'mid-body';
  hangRate?: number;
  /**
   * The request is carried out (after `commitAfterMs`, default 0) but its answer is lost: the
   * connection hangs ('hang') or is reset at once ('reset'). A mutation commits all the same.
   */
  lostAnswer?: { answer: 'hang' | 'reset'; commitAfterMs?: number };
  lostAnswerRate?: number;
  /** Fraction answered 200 with a body that is not valid JSON. */
  malformedRate?: number;
  /** Stream this many bytes of JSON whitespace before the real body. */
  oversizedBytes?: number;
  oversizedRate?: number;
  /** Return this many rows more than `first` asked for (list fields). */
  pageOverflow?: number;
  /** Revoke a token after it made this many (matching) requests. */
  revokeTokenAfterRequests?: number;
  /**
   * Refuse, as a whole and deleting nothing, every delete that would delete one of these labels
   * (a locked resource): with `httpStatus` that status and `httpBody`, else a GraphQL error;
   * `errorCode` and `errorMessage` are Tower's code and words (default `ResourceLocked`). The
   * `httpStatus` is then no fault of its own.
   */
  refuseDeletesOf?: string[];
}

/** A rule applying to every request (or to its `match`) plus optional further rules. */
export interface FaultConfig extends FaultRule {
  rules?: FaultRule[];
  /** Seed of the PRNG deciding rates (default 1). */
  seed?: number;
}

interface RequestFacts {
  operationName?: string;
  rootFields: string[];
  tokenId?: string;
}

export type ErrorCodeAt = 'top' | 'extensions';

/** An HTTP error answer: status, body kind and, for a JSON body, its code and message. */
export interface HttpErrorAnswer {
  status: number;
  body: 'html' | 'json';
  code: string;
  message: string;
}

/** Deletes refused by `refuseDeletesOf`: the labels, and Tower's answer. */
export interface DeleteRefusal {
  labelIds: ReadonlySet<string>;
  code: string;
  message: string;
  http?: HttpErrorAnswer;
}

export interface FaultDecision {
  latencyMs: number;
  errorCodeAt: ErrorCodeAt;
  action:
    | { kind: 'none' }
    | { kind: 'hang'; mode: 'no-response' | 'mid-body' }
    | { kind: 'lost-answer'; answer: 'hang' | 'reset'; commitAfterMs: number }
    | ({ kind: 'http-status' } & HttpErrorAnswer)
    | { kind: 'auth-error'; http?: HttpErrorAnswer }
    | { kind: 'malformed' }
    | { kind: 'error'; code: string; message: string };
  oversizedBytes: number;
  pageOverflow: number;
  /** Rules whose token-revocation count applies to this request. */
  revokeRules: FaultRule[];
  refuseDeletes?: DeleteRefusal;
}

function asList(v: string | string[] | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v : [v];
}

function checkRule(rule: FaultRule): void {
  const bad = (key: string, why: string) =>
    new SimulatorError(`faults.${key}: ${why}`, 'INVALID_INPUT');
  const s = rule.httpStatus;
  if (s !== undefined && !(Number.isInteger(s) && s >= 400 && s <= 599))
    throw bad('httpStatus', `must be an HTTP status 400-599, got ${String(s)}`);
  if (rule.httpBody !== undefined && !['html', 'json'].includes(rule.httpBody))
    throw bad('httpBody', "must be 'html' or 'json'");
  if (
    rule.errorCodeAt !== undefined &&
    !['top', 'extensions'].includes(rule.errorCodeAt)
  )
    throw bad('errorCodeAt', "must be 'top' or 'extensions'");
}

function httpAnswer(
  rule: FaultRule,
  code = rule.errorCode ?? 'SIMULATED_ERROR',
  message = rule.errorMessage ?? 'simulated error',
): HttpErrorAnswer {
  return {
    status: rule.httpStatus!,
    body: rule.httpBody ?? 'html',
    code,
    message,
  };
}

function deleteRefusal(rule: FaultRule): DeleteRefusal {
  const code = rule.errorCode ?? 'ResourceLocked';
  const message = rule.errorMessage ?? 'resource is locked';
  return {
    labelIds: new Set(rule.refuseDeletesOf),
    code,
    message,
    http: rule.httpStatus ? httpAnswer(rule, code, message) : undefined,
  };
}

function matches(rule: FaultRule, facts: RequestFacts): boolean {
  const ops = asList(rule.match?.operationName);
  if (ops && !ops.includes(facts.operationName ?? '')) return false;
  const fields = asList(rule.match?.rootField);
  if (fields && !facts.rootFields.some(f => fields.includes(f))) return false;
  return true;
}

/** Holds the current fault configuration and decides, per request, which faults happen. */
export class FaultEngine {
  private config: FaultConfig = {};
  private rules: FaultRule[] = [];
  private rnd: Random = mulberry32(1);
  private readonly tokenCounts = new Map<FaultRule, Map<string, number>>();

  constructor(config?: FaultConfig) {
    this.set(config ?? {});
  }

  get(): FaultConfig {
    return this.config;
  }

  set(config: FaultConfig): void {
    const { rules, seed: _seed, ...top } = config;
    const all = [top, ...(rules ?? [])];
    all.forEach(checkRule);
    this.config = config;
    this.rules = all;
    this.rnd = mulberry32(config.seed ?? 1);
    this.tokenCounts.clear();
  }

  private hit(rate: number | undefined): boolean {
    const r = rate ?? 1;
    return r >= 1 || this.rnd() < r;
  }

  decide(facts: RequestFacts): FaultDecision {
    const d: FaultDecision = {
      latencyMs: 0,
      errorCodeAt: 'top',
      action: { kind: 'none' },
      oversizedBytes: 0,
      pageOverflow: 0,
      revokeRules: [],
    };
    for (const rule of this.rules) {
      if (!matches(rule, facts)) continue;
      const lat = rule.latencyMs;
      if (typeof lat === 'number') d.latencyMs += lat;
      else if (lat) d.latencyMs += lat.min + this.rnd() * (lat.max - lat.min);
      if (d.action.kind === 'none') {
        if (rule.lostAnswer && this.hit(rule.lostAnswerRate))
          d.action = {
            kind: 'lost-answer',
            answer: rule.lostAnswer.answer,
            commitAfterMs: rule.lostAnswer.commitAfterMs ?? 0,
          };
        else if (rule.hang && this.hit(rule.hangRate))
          d.action = { kind: 'hang', mode: rule.hang };
        else if (
          rule.authError &&
          facts.tokenId !== undefined &&
          this.hit(rule.authErrorRate)
        )
          d.action = {
            kind: 'auth-error',
            http: rule.httpStatus
              ? httpAnswer(rule, 'LOAD_TOKEN_FAILED', 'failed to load token')
              : undefined,
          };
        else if (
          rule.httpStatus &&
          !rule.authError &&
          !rule.refuseDeletesOf &&
          this.hit(rule.httpStatusRate)
        )
          d.action = { kind: 'http-status', ...httpAnswer(rule) };
        else if (rule.malformedRate && this.hit(rule.malformedRate))
          d.action = { kind: 'malformed' };
        else if (rule.errorRate && this.hit(rule.errorRate)) {
          d.action = {
            kind: 'error',
            code: rule.errorCode ?? 'SIMULATED_ERROR',
            message: rule.errorMessage ?? 'simulated error',
          };
        }
      }
      if (rule.errorCodeAt) d.errorCodeAt = rule.errorCodeAt;
      if (rule.oversizedBytes && this.hit(rule.oversizedRate))
        d.oversizedBytes += rule.oversizedBytes;
      if (rule.pageOverflow) d.pageOverflow += rule.pageOverflow;
      if (rule.revokeTokenAfterRequests !== undefined) d.revokeRules.push(rule);
      if (rule.refuseDeletesOf) d.refuseDeletes = deleteRefusal(rule);
    }
    return d;
  }

  /** Counts an authenticated request; returns true when the token must now be revoked. */
  countTokenUse(rules: FaultRule[], tokenId: string): boolean {
    let revoke = false;
    for (const rule of rules) {
      let counts = this.tokenCounts.get(rule);
      if (!counts) this.tokenCounts.set(rule, (counts = new Map()));
      const n = (counts.get(tokenId) ?? 0) + 1;
      counts.set(tokenId, n);
      if (n >= (rule.revokeTokenAfterRequests ?? Infinity)) revoke = true;
    }
    return revoke;
  }
}
