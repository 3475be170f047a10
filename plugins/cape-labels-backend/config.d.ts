import type { SchedulerServiceTaskScheduleDefinitionConfig } from '@backstage/backend-plugin-api';
import type { HumanDuration } from '@backstage/types';

/** A duration: `{ hours: 24 }`, `'24h'` or ISO-8601 `'PT24H'`. */
type CapeLabelsDuration = HumanDuration | string;

export interface Config {
  /** Sweeps orphan CAPE labels out of SmartX CloudTower. */
  capeLabels?: {
    /** Default schedule of every Tower's sweep (default: every 24 h, timeout 30 min, initial delay 1 min). */
    schedule?: SchedulerServiceTaskScheduleDefinitionConfig;
    /** Only labels created at least this long before the run starts (default 24 h; must be > 0). */
    minAge?: CapeLabelsDuration;
    /** Decide and record, never delete (default false). */
    dryRun?: boolean;
    /** At most this many deletions per run; the rest wait for the next run (default 5000). */
    maxDeletesPerRun?: number;
    /** Delete only labels a previous run already saw orphaned at least this long ago (default 0: off). */
    confirmAfter?: CapeLabelsDuration;
    /** Labels listed per page (default 1000, 1-1000). */
    pageSize?: number;
    /** Requests in flight at once to one Tower (default 8, 1-32); also the keyset chains (one per swept key) listed at once. */
    requestsInFlight?: number;
    /** Timeout of one request to a Tower (default 30 s); also how long survivors are re-read after a delete without a usable answer. */
    requestTimeout?: CapeLabelsDuration;
    /**
     * How far ahead of this backend's clock Tower's may move the age cutoff (default 10 minutes).
     * A Tower further ahead is swept as if it were this far ahead; the run records it `capped`.
     */
    maxClockAhead?: CapeLabelsDuration;
    /**
     * The label ids of objects holding labels without a relation on Label (security groups,
     * policies' selectors, ...) that a delete relies on are read at most this long before it
     * (default 5 seconds, at most 60 seconds; 0 reads them before every batch).
     */
    holdersMaxAge?: CapeLabelsDuration;
    /**
     * Each Tower starts at a stable offset (from its id) within this window, kept below the
     * schedule's period (at most 24 h). A frequency's first start moves by it, each cron time
     * moves by it. Unset, Towers keep their configured start, but for those sharing a first start
     * (initial delay or cron) with more others than `maxConcurrentSweeps`: they spread over 5 minutes.
     */
    startSpread?: CapeLabelsDuration;
    /**
     * Sweeps one replica runs at once (default 4, 1-1000). A Tower due while all are taken is
     * left to another replica (its task gives the lease back and is started again).
     */
    maxConcurrentSweeps?: number;
    /** The largest answer read from a Tower, in bytes (default 8 MiB = 8388608, at most 1 GiB). */
    maxResponseBytes?: number;
    /** History kept per Tower. */
    retention?: {
      /** Runs kept per Tower, with their label outcomes (default 200). */
      runsPerTower?: number;
      /**
       * Newest runs per Tower that list their routine keeps (`count-nonzero`, `young`) label by
       * label (default 1). Older runs only count them (`keptByReason`); their other outcomes stay.
       */
      routineKeepRuns?: number;
    };
    /** The Towers to sweep, keyed by id (`[a-z0-9-]+`, used in URLs and task ids). */
    towers?: {
      [towerId: string]: {
        /** Shown on the card (default: the id). */
        title?: string;
        /**
         * Tower base URL; the GraphQL endpoint is `<server>/api`. No credentials, query or
         * fragment in it (refused at start); redirects from it are never followed. `http://` is
         * refused unless the host is loopback (127.0.0.0/8, ::1, localhost) or `allowInsecure` is set.
         */
        server: string;
        /** Accept an `http://` server off this machine: the password crosses the network in clear (default false; warned at start). */
        allowInsecure?: boolean;
        /** With `password`; or set `apiKey` instead of both (exactly one of the two ways). */
        username?: string;
        /** @visibility secret */
        password?: string;
        /**
         * LOCAL (default) or LDAP. LDAP logs in through Tower's `authnStrategies` (Tower 3.0+:
         * source AUTHN with the LDAP config's id), or with source LDAP where Tower does not know
         * that query. Password logins only.
         */
        userSource?: 'LOCAL' | 'LDAP';
        /**
         * With `userSource: LDAP`, the id of the Tower LDAP config to log in through, when
         * `authnStrategies` lists several (without it such a run fails, listing the ids).
         */
        authConfigId?: string;
        /**
         * A Tower API key (for Towers with two-factor login), instead of `username` and
         * `password`: sent as the `Authorization` header; no login or logout.
         * @visibility secret
         */
        apiKey?: string;
        /**
         * Headers sent on every request to this Tower (login included) and to nothing else,
         * e.g. `x-bypass-whitelist: true` for Arcfra (AOC) gateways. Values are secrets.
         * `authorization`, `content-type`, `content-length`, `host` (any case) are refused.
         * @deepVisibility secret
         */
        headers?: { [name: string]: string | number | boolean };
        /** Accept any TLS certificate (default false; warned at start and marked on the card). */
        skipTLSVerify?: boolean;
        /** PEM bundle trusted in addition to the system CAs. */
        caCert?: string;
        /** Swept keys are `<prefix>-cluster-name`, `<prefix>-vip`, `<prefix>-namespace` (default cape). */
        resourcePrefix?: string;
        schedule?: SchedulerServiceTaskScheduleDefinitionConfig;
        minAge?: CapeLabelsDuration;
        dryRun?: boolean;
        maxDeletesPerRun?: number;
        confirmAfter?: CapeLabelsDuration;
        /**
         * Catalog owner of the Tower's Resource entity and, without `notify`, the recipient of its
         * notifications: an entity ref (`platform-team` means `group:default/platform-team`).
         * Default: none, and then the Tower is owned by nobody (no ownership claim matches it; its
         * catalog entity owns itself) and, without `notify`, nobody is notified.
         */
        owner?: string;
        /** Entity refs (users or groups; a bare name is a user) notified instead of the owner. */
        notify?: string[];
      };
    };
    /**
     * Real sweeps on request (API, events) even while `permission.enabled` is not true, when every
     * permission check allows everyone (default false: such requests answer 403; previews and
     * scheduled sweeps run regardless). Logged as a warning at start.
     */
    allowManualSweepsWithoutPermissions?: boolean;
    /** The events bus. */
    events?: {
      /**
       * Act on `cape-labels.sweep-requested` (default false: such events are ignored and logged
       * once per process). Accepted ones are validated, audited and recorded with trigger `event`;
       * only requests from a publisher listed under `publishers` for that Tower are accepted.
       */
      acceptSweepRequests?: boolean;
      /**
       * Who may ask for sweeps by event (default: nobody). Keyed by the name a request gives as
       * `requestedBy` (lower case letters, digits, dashes); it is recorded as `event:<name>`.
       */
      publishers?: {
        [name: string]: {
          /** Tower ids of `capeLabels.towers` this publisher may have swept, or `['*']` for every Tower. */
          towers: string[];
        };
      };
    };
    /** Notifications to Tower owners (needs the notifications backend). */
    notifications?: {
      /** Send notifications about bad and recovered runs (default true). */
      enabled?: boolean;
      /**
       * Where the app mounts the cape-labels page (default `/cape-labels`): notification links
       * point at `<pagePath>/towers/<towerId>?run=<runId>`. Set it when the page is mounted
       * elsewhere or the app runs under a base path. A path of the app: one leading `/`, no `\`,
       * `?`, `#`, spaces or control characters.
       */
      pagePath?: string;
      /**
       * The language of the notifications' title and description: `en` (default) or `zh-CN`.
       * One for the whole portal: Backstage's notifications do not tell the server the
       * recipient's language.
       */
      language?: 'en' | 'zh-CN';
    };
  };
}
