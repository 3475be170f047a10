import type { RelationFinding } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerError } from './errors';

export type Vars = Record<string, unknown>;

export type TowerCredentials =
  | {
      kind: 'password';
      username: string;
      password: string;
      /** LDAP: through `authnStrategies` and source AUTHN where Tower has it, else source LDAP. */
      userSource: 'LOCAL' | 'LDAP';
      /** Which of several LDAP configs of a Tower 3.0+ to log in through (`authnStrategies` id). */
      authConfigId?: string;
    }
  | { kind: 'apiKey'; apiKey: string };

export type PasswordCredentials = Extract<
  TowerCredentials,
  { kind: 'password' }
>;

/** Where a Tower is and how to log in to it: the configured Tower carries the same fields. */
export type TowerEndpoint = {
  /** Base URL; the GraphQL endpoint is `<server>/api`. */
  server: string;
  credentials: TowerCredentials;
  /**
   * Sent on every request to this Tower (login included) and to nothing else, e.g. a gateway's
   * `x-bypass-whitelist: true`. Values are secrets.
   */
  headers?: Readonly<Record<string, string>>;
  skipTLSVerify: boolean;
  caCert?: string;
};

export type TowerLogin =
  | { method: 'password'; source: 'LOCAL' }
  | { method: 'password'; source: 'AUTHN'; authConfigId: string }
  | {
      method: 'password';
      source: 'LDAP';
      /** Why not AUTHN: Tower does not know `authnStrategies`, or lists no LDAP config. */
      reason: 'no-authn-strategies' | 'no-ldap-config';
    }
  | { method: 'apiKey' };

/**
 * Told of every request to Tower that failed (the caller's aborts aside), as the error the
 * caller gets: the metrics count them by kind (`towerErrorKind`). Must not throw.
 */
export type RequestFailureListener = (error: TowerError) => void;

/** One Tower's endpoint and limits, as configured: the client takes them as given. */
export type TowerConnectionOptions = TowerEndpoint & {
  towerId: string;
  requestTimeoutMs: number;
  requestsInFlight: number;
  maxResponseBytes: number;
};

export type TowerLabel = {
  id: string;
  key: string;
  value: string | null;
  createdAt: string;
  /** Tower's lagging counter; null = not computed yet. */
  totalNum: number | null;
};

export type LabelLiveState = {
  id: string;
  totalNum: number | null;
  /** True when anything (any relation, recycle-bin VMs included) references the label right now. */
  referenced: boolean;
  /**
   * The relations (`vms`, `vm_snapshots`, ...) found holding it, in the order of the run's
   * relations; may be empty for a referenced label when Tower's second read did not say which.
   */
  referencedBy: string[];
};

export type LabelRelations = {
  source: 'introspection' | 'probe';
  fields: string[];
  foundBy: Record<string, RelationFinding>;
  /** List fields of `Label` without those filters: the live check reads them for each candidate. */
  unfiltered: UnfilteredField[];
  lackingBuiltIn: string[];
  beyondBuiltIn: string[];
};

export type UnfilteredField = { name: string; paged: boolean };

/**
 * Tower's clock, from the HTTP `Date` header of login's answer (an API key's first answer):
 * `towerNowMs` is the header's time, a lower bound of Tower's time when it is read (whole
 * seconds, then travel and the time since the answer), so a cutoff taken from it can only be
 * early, never late.
 */
export type TowerClockReading =
  { source: 'tower'; towerNowMs: number } | { source: 'local'; reason: string };
