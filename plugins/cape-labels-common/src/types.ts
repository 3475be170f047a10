import type { RunErrorCode } from './runErrorCode';

/**
 * How a run was started. `external`: the scheduler's own trigger endpoint started the task
 * when the schedule had not made it due and no permitted request was pending, so the run was
 * only a preview.
 * @public
 */
export type RunTrigger = 'schedule' | 'manual' | 'event' | 'external';

/**
 * Where a run ended up (`running` while it is in progress). `lost` is never stored: API answers
 * show a `running` run whose heartbeat stopped as `lost`; the Tower's next sweep records it
 * `aborted`.
 * @public
 */
export type RunStatus =
  'running' | 'lost' | 'succeeded' | 'partial' | 'failed' | 'aborted';

/**
 * What happened to one label in a run.
 * @public
 */
export type LabelAction = 'deleted' | 'would-delete' | 'kept' | 'failed';

/**
 * Why a label was kept. `refused`: Tower refused to delete it with a clear answer (its words are
 * the outcome's `detail`); `malformed`: its `id` or `createdAt` is not one Tower could have
 * written, so it is never deleted (the outcome records the value made safe).
 * @public
 */
export type KeptReason =
  | 'referenced'
  | 'count-nonzero'
  | 'young'
  | 'unconfirmed'
  | 'cap'
  | 'raced'
  | 'refused'
  | 'malformed';

/**
 * Why a label's delete failed: `error`, Tower answered with an error (or the batch failed before
 * its delete); `unanswered`, deleteManyLabels got no usable answer and the label was still there
 * after settling.
 * @public
 */
export type FailedReason = 'error' | 'unanswered';

/**
 * The reason an outcome carries: a kept label's or a failed label's.
 * @public
 */
export type OutcomeReason = KeptReason | FailedReason;

/**
 * How many labels a run saw and what it did with them.
 * @public
 */
export type RunCounts = {
  scanned: number;
  candidates: number;
  deleted: number;
  /** Labels a dry run would have deleted (`would-delete` outcomes); 0 for real runs. */
  wouldDelete: number;
  kept: number;
  failed: number;
};

/**
 * Why a run ended badly: a message for people, and a code when it has one (see
 * {@link RunErrorCode}: one of the plugin's own, `HTTP_<status>`, or Tower's or the system's).
 * @public
 */
export type RunError = {
  message: string;
  code?: RunErrorCode;
  /**
   * The figures and names the message carries, for a frontend that words the code itself
   * (`CAP_REACHED`: `maxDeletesPerRun`; `TIMEOUT`: `timeoutMs`; `HTTP_<status>`: `status`).
   * Absent on errors recorded before it was and on codes passed through from Tower.
   */
  params?: Record<string, string | number>;
};

/**
 * One kind of remark the backend writes on a run, each with the `params` it carries:
 * - `DELETE_COUNT_MISMATCH` (`reported`, `requested`, `gone`): deleteManyLabels answered a count
 *   the survivor read contradicts.
 * - `DELETE_UNANSWERED_SETTLED` (`requested`, `gone`, `error`): a delete got no usable answer;
 *   `gone` labels were gone after settling and are recorded deleted.
 * - `LATE_DELETIONS_CORRECTED` (`count`, `runId`): this run found labels of run `runId`'s
 *   unanswered deletes gone on Tower and corrected that run's record.
 * - `LATE_DELETIONS_UNRECORDED` (`count`, `runId`, `labelIds`): the same, for a run no longer in
 *   the history (`labelIds` comma-separated).
 * - `LATE_DELETIONS_RECORDED` (`count`, `byRunId`): on the earlier run: run `byRunId` found this
 *   run's unanswered deletes gone; recorded deleted, counts recomputed.
 * - `RECHECK_FAILED` (`error`): earlier unanswered deletes could not be re-checked (the next run
 *   tries again).
 * - `LOGIN_API_KEY`: authenticated with an API key (no login).
 * - `LOGIN_LDAP_AUTHN` (`authConfigId`): logged in as an LDAP user through AUTHN.
 * - `LOGIN_LDAP_NO_AUTHN_STRATEGIES`: logged in as an LDAP user with source LDAP (Tower has no
 *   authnStrategies).
 * - `LOGIN_LDAP_NO_LDAP_CONFIG`: the same, authnStrategies lists no LDAP config.
 * - `LOGIN_REFUSED_BACKOFF` (`refusals`, `nextLoginAt`): Tower refused the login, `refusals` in a
 *   row; scheduled sweeps try the next login at `nextLoginAt` (ISO time).
 * - `CANCELLED_BY_SCHEDULER`: Backstage's scheduler stopped the run (its /cancel endpoint, the
 *   task's timeout, a lost lease), not a shutdown.
 * - `STOPPED` (`by`, the principal: a user's entity ref or `service:<subject>`): stopped through
 *   `POST /towers/:towerId/stop`.
 * - `DELETE_REFUSED_SPLIT` (`requested`, `detail`, `extraDeletes`, `refused`, `refusedIds`,
 *   `deleted`, `failed`): Tower refused a delete of `requested` labels (`detail`: its words); the
 *   batch was split in halves until the refused labels were alone (`refusedIds` comma-separated).
 * - `RELATIONS_LACKING_BUILT_IN`, `RELATIONS_BEYOND_BUILT_IN`, `RELATIONS_READ_DIRECTLY`,
 *   `RELATIONS_UNCLEAR` (`relations`, comma-separated): how this Tower's relations of `Label`
 *   differ from the built-in list: missing ones (not checked), extra ones (checked), list fields
 *   without filters (read directly in the live check), and ones a probe could not place (kept).
 * - `HOLDER_UNREADABLE` (`holder`, `error`): an object that holds labels without a relation on
 *   `Label` (`holder`: its root query, e.g. `securityGroups`) could not be read; no label was
 *   deleted on that read.
 * - `HELD_LABEL_DELETED` (`labelId`, `key`, `value`, `holder`): a label this run deleted is named
 *   by `holder` (kind, name, id) at the run's end: recreate it with this key and value.
 * - `HELD_CHECK_FAILED` (`error`): the holders could not be read again after the run's deletes.
 * - `MORE_NOTES_IN_LOG` (`count`): notes beyond those kept on the run are in the log only.
 * @public
 */
export type RunNoteCode =
  | 'DELETE_COUNT_MISMATCH'
  | 'DELETE_UNANSWERED_SETTLED'
  | 'LATE_DELETIONS_CORRECTED'
  | 'LATE_DELETIONS_UNRECORDED'
  | 'LATE_DELETIONS_RECORDED'
  | 'RECHECK_FAILED'
  | 'LOGIN_API_KEY'
  | 'LOGIN_LDAP_AUTHN'
  | 'LOGIN_LDAP_NO_AUTHN_STRATEGIES'
  | 'LOGIN_LDAP_NO_LDAP_CONFIG'
  | 'LOGIN_REFUSED_BACKOFF'
  | 'CANCELLED_BY_SCHEDULER'
  | 'STOPPED'
  | 'DELETE_REFUSED_SPLIT'
  | 'RELATIONS_LACKING_BUILT_IN'
  | 'RELATIONS_BEYOND_BUILT_IN'
  | 'RELATIONS_READ_DIRECTLY'
  | 'RELATIONS_UNCLEAR'
  | 'HOLDER_UNREADABLE'
  | 'HELD_LABEL_DELETED'
  | 'HELD_CHECK_FAILED'
  | 'MORE_NOTES_IN_LOG';

/**
 * A remark on a run: its code and params for a frontend that words it, and the backend's
 * English `message` as the fallback. Notes stored before codes existed read back as
 * `{ message }` only.
 * @public
 */
export type RunNote = {
  code?: RunNoteCode;
  params?: Record<string, string | number>;
  message: string;
};

/**
 * One run of a Tower's sweep, as lists and the card show it.
 * @public
 */
export type RunSummary = {
  id: string;
  towerId: string;
  trigger: RunTrigger;
  /**
   * Who asked for a manual run, with the principal's type: a user's entity ref
   * (`user:default/jane`) or `service:<subject>` for a service (`service:external:pipeline`).
   */
  requestedBy?: string;
  dryRun: boolean;
  status: RunStatus;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  counts: RunCounts;
  /**
   * How many labels were kept for each reason (reasons with none are left out); their sum is
   * `counts.kept`. Always sent by the backend; optional for answers recorded before it was.
   */
  keptByReason?: Partial<Record<KeptReason, number>>;
  error?: RunError;
  /** Which backend replica ran it: `host:pid`, for people. */
  instance: string;
  /**
   * The unique id of the backend instance that ran it (Backstage's `rootInstanceMetadata`, new at
   * every start, never reused); absent on runs recorded before it was.
   */
  instanceId?: string;
  /**
   * Remarks on the record: a count Tower answered that the survivor read contradicts, labels a
   * later run found deleted after this run's delete went unanswered (this run's outcomes and
   * counts were corrected), such corrections this run made to an earlier run, or how a run of
   * an LDAP user or with an API key got into Tower.
   */
  notes?: RunNote[];
  /** Whose clock the age cutoff was taken on; absent until the run has read it. */
  clock?: RunClock;
  /** Which relations of Tower's `Label` the run checked; absent until the run has read them. */
  relations?: RunRelations;
};

/**
 * The relations a run checked before deleting (every kind of object that can reference a label):
 * `introspection`, read from Tower's schema; `probe`, the built-in list less what Tower's
 * validation refused (where Tower refuses introspection). Runs recorded before the other fields
 * existed have only `source` and `checked`.
 * @public
 */
export type RunRelations = {
  source: 'introspection' | 'probe';
  checked: string[];
  /** How each of `checked` was found. */
  foundBy?: Record<string, RelationFinding>;
  /**
   * List fields of Tower's `Label` that have no `_some`/`_none` filters: the live check read them
   * for each candidate (a non-empty one keeps the label `referenced`); the delete cannot guard them.
   */
  readDirectly?: string[];
  /** Built-in relations this Tower lacks (its filters are the truth). */
  lackingBuiltIn?: string[];
  /** Relations this Tower has beyond the built-in list (introspection only). */
  beyondBuiltIn?: string[];
};

/**
 * How a relation was found. `filters`: Tower's schema shows both its `_some` and `_none` filters.
 * `probe`: the built-in relation's filters were accepted by the probe. `probedAlone`: the first
 * probe seemed to lack it, and a probe of it alone was accepted. `unclear`: the first probe seemed
 * to lack it but nothing showed that Tower does, so it was kept (a filter Tower lacks then fails
 * the check, loudly).
 * @public
 */
export type RelationFinding = 'filters' | 'probe' | 'probedAlone' | 'unclear';

/**
 * `tower`: Tower's clock, read from the HTTP `Date` header of login's answer; `skewMs` is
 * Tower's clock minus ours (whole seconds: the header has no more). `local`: Tower sent no
 * usable `Date`, so the backend's clock was used (`skewMs` null).
 * @public
 */
export type RunClock = {
  source: 'tower' | 'local';
  skewMs: number | null;
  /**
   * Tower's clock was further ahead of ours than `capeLabels.maxClockAhead`: the age cutoff was
   * taken that far ahead only (`skewMs` is still the measured skew).
   */
  capped?: true;
};

/**
 * The settings a run swept with.
 * @public
 */
export type RunSettings = {
  /** ISO-8601 duration. */
  minAge: string;
  /** ISO-8601 duration. */
  confirmAfter: string;
  maxDeletesPerRun: number;
  keys: string[];
};

/**
 * One run with the settings it swept with (`GET /runs/:runId`).
 * @public
 */
export type Run = RunSummary & { settings: RunSettings };

/**
 * A configured Tower, its state and last run (`GET /towers`).
 * @public
 */
export type TowerSummary = {
  id: string;
  title: string;
  server: string;
  resourcePrefix: string;
  dryRun: boolean;
  running: boolean;
  nextRunAt: string | null;
  lastRun: RunSummary | null;
  /** Set only when the way to this Tower is weak; the card marks it. */
  transport?: TowerTransport;
  /** The Tower's catalog owner (full entity ref), null when none is configured. */
  owner: string | null;
  /** Entity refs notified about the Tower's runs. */
  notify: string[];
  /** The rules the Tower's runs go by, defaults applied. */
  rules: TowerRules;
  /**
   * Set while Tower refused this Tower's password logins in a row: `nextLoginAt` is the scheduled
   * run that tries the next; "Sweep now" and a change of the credentials try at once.
   */
  loginBackoff?: TowerLoginBackoff;
};

/**
 * A Tower's password logins refused in a row, as the card shows them.
 * @public
 */
export type TowerLoginBackoff = {
  refusals: number;
  /** Tower's code for the last refusal. */
  lastCode: string;
  lastRefusedAt: string;
  nextLoginAt: string;
};

/**
 * A Tower's effective rules (config with defaults applied). The relations a run checks are read
 * from Tower at each run: see `Run.relations`.
 * @public
 */
export type TowerRules = {
  /** ISO-8601 duration: labels younger than this are kept. */
  minAge: string;
  /** ISO-8601 duration a candidate must stay unreferenced before deletion; null when off. */
  confirmAfter: string | null;
  maxDeletesPerRun: number;
  dryRun: boolean;
  schedule: TowerScheduleRules;
};

/**
 * When a Tower's sweep runs: `frequency` (ISO-8601 duration) or `cron`; `timeout` and
 * `initialDelay` are ISO-8601 durations.
 * @public
 */
export type TowerScheduleRules = {
  frequency?: string;
  cron?: string;
  timeout: string;
  initialDelay?: string;
};

/**
 * `insecure`: an `http://` Tower off this machine (`allowInsecure`), its password in clear on
 * the network. `skipTLSVerify`: Tower's certificate is not checked.
 * @public
 */
export type TowerTransport = { insecure?: true; skipTLSVerify?: true };

/**
 * What one run did with one label.
 * @public
 */
export type LabelOutcome = {
  labelId: string;
  key: string;
  value: string | null;
  createdAt: string;
  action: LabelAction;
  reason?: OutcomeReason;
  /**
   * With reason `referenced`: the relation of Tower's `Label` that held it at the live check
   * (`vms`, `vm_snapshots`, `vm_templates`, ...), the first one found.
   */
  relation?: string;
  /**
   * With reason `refused` (and `error` when Tower refused a delete): Tower's words, its code
   * first; with `malformed`: which field is malformed and why. Plain and bounded.
   */
  detail?: string;
};

/**
 * An answer listing items.
 * @public
 */
export type ListResponse<T> = { items: T[] };
/**
 * A page of items and how many there are in all.
 * @public
 */
export type PagedResponse<T> = { items: T[]; total: number };

/**
 * `GET /runs/:runId/labels`: a page of the run's outcomes. `countedOnly`: the kept reasons whose
 * labels this run no longer lists one by one (the routine keeps `count-nonzero` and `young` of
 * runs older than the Tower's newest `retention.routineKeepRuns`); the run's `keptByReason`
 * still counts them. Empty while every outcome is listed.
 * @public
 */
export type OutcomePage = PagedResponse<LabelOutcome> & {
  countedOnly: KeptReason[];
};

/**
 * A sweep request: the body of `POST /towers/:towerId/sweep` (the Tower is in the path).
 * @public
 */
export type SweepRequestBody = { dryRun?: boolean };
/**
 * The answer of a sweep request: the id of the request the run will carry out.
 * @public
 */
export type SweepAccepted = { requestId: string };

/**
 * The answer of `POST /towers/:towerId/stop`: the running sweep asked to stop.
 * @public
 */
export type StopAccepted = { runId: string };

/**
 * The languages of texts the backend words itself (CSV headers, notifications).
 * @public
 */
export type CapeLabelsLanguage = 'en' | 'zh-CN';
/**
 * Every {@link CapeLabelsLanguage}.
 * @public
 */
export const CAPE_LABELS_LANGUAGES: readonly CapeLabelsLanguage[] = [
  'en',
  'zh-CN',
];

/**
 * The same request on the events bus: the `cape-labels.sweep-requested` payload names its Tower
 * and who asks, a publisher of `capeLabels.events.publishers` (recorded as `event:<requestedBy>`).
 * @public
 */
export type SweepRequestedEvent = SweepRequestBody & {
  towerId: string;
  requestedBy: string;
};

/**
 * Event topics of the plugin.
 * @public
 */
export const CAPE_LABELS_TOPIC_RUN_COMPLETED = 'cape-labels.run-completed';
/**
 * Event topic: a sweep is asked for ({@link SweepRequestedEvent}).
 * @public
 */
export const CAPE_LABELS_TOPIC_SWEEP_REQUESTED = 'cape-labels.sweep-requested';

/**
 * Every {@link LabelAction}.
 * @public
 */
export const LABEL_ACTIONS: readonly LabelAction[] = [
  'deleted',
  'would-delete',
  'kept',
  'failed',
];
/**
 * Every {@link OutcomeReason}.
 * @public
 */
export const OUTCOME_REASONS: readonly OutcomeReason[] = [
  'referenced',
  'count-nonzero',
  'young',
  'unconfirmed',
  'cap',
  'raced',
  'refused',
  'malformed',
  'error',
  'unanswered',
];

/**
 * Filters of a run's outcomes (`GET /runs/:runId/labels` and `labels.csv`).
 * @public
 */
export type OutcomeFilter = {
  action?: LabelAction;
  reason?: OutcomeReason;
  /** The label key, exactly. */
  key?: string;
  /** A substring of the value, case-insensitive (at most 200 characters). */
  search?: string;
};

/**
 * A label value and how many labels with it were deleted.
 * @public
 */
export type SourceCount = { value: string; deleted: number };

/**
 * `GET /towers/:towerId/top-sources`: where a Tower's orphan labels came from.
 * @public
 */
export type TopSources = {
  days: number;
  /** Start of the window (ISO). */
  since: string;
  /** Values of `<prefix>-cluster-name` whose labels were deleted most, at most 10. */
  clusters: SourceCount[];
  /** Values of `<prefix>-namespace` whose labels were deleted most, at most 10. */
  namespaces: SourceCount[];
};
