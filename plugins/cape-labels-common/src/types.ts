import type { RunErrorCode } from './runErrorCode';

/**
 * How a run was started. `external`: the scheduler's own trigger endpoint started the task
 * when the schedule had not made it due and no permitted request was pending, so the run was
 * only a preview.
 */
export type RunTrigger = 'schedule' | 'manual' | 'event' | 'external';

/**
 * Where a run ended up (`running` while it is in progress). `lost` is never stored: API answers
 * show a `running` run whose heartbeat stopped as `lost`; the Tower's next sweep records it
 * `aborted`.
 */
export type RunStatus =
  'running' | 'lost' | 'succeeded' | 'partial' | 'failed' | 'aborted';

/** What happened to one label in a run. */
export type LabelAction = 'deleted' | 'would-delete' | 'kept' | 'failed';

/** Why a label was kept. */
export type KeptReason =
  'referenced' | 'count-nonzero' | 'young' | 'unconfirmed' | 'cap' | 'raced';

/**
 * Why a label's delete failed: `error`, Tower answered with an error (or the batch failed before
 * its delete); `unanswered`, deleteManyLabels got no usable answer and the label was still there
 * after settling.
 */
export type FailedReason = 'error' | 'unanswered';

/** The reason an outcome carries: a kept label's or a failed label's. */
export type OutcomeReason = KeptReason | FailedReason;

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
export type RunError = { message: string; code?: RunErrorCode };

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
  notes?: string[];
  /** Whose clock the age cutoff was taken on; absent until the run has read it. */
  clock?: RunClock;
  /** Which relations of Tower's `Label` the run checked; absent until the run has read them. */
  relations?: RunRelations;
};

/**
 * The relations a run checked before deleting (every kind of object that can reference a label):
 * `introspection`, read from Tower's schema; `probe`, the built-in list less what Tower's
 * validation refused (where Tower refuses introspection). Runs recorded before issue 35 have only
 * `source` and `checked`.
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
 */
export type RelationFinding = 'filters' | 'probe' | 'probedAlone' | 'unclear';

/**
 * `tower`: Tower's clock, read from the HTTP `Date` header of login's answer; `skewMs` is
 * Tower's clock minus ours (whole seconds: the header has no more). `local`: Tower sent no
 * usable `Date`, so the backend's clock was used (`skewMs` null).
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

export type RunSettings = {
  /** ISO-8601 duration. */
  minAge: string;
  /** ISO-8601 duration. */
  confirmAfter: string;
  maxDeletesPerRun: number;
  keys: string[];
};

export type Run = RunSummary & { settings: RunSettings };

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
};

/**
 * `insecure`: an `http://` Tower off this machine (`allowInsecure`), its password in clear on
 * the network. `skipTLSVerify`: Tower's certificate is not checked.
 */
export type TowerTransport = { insecure?: true; skipTLSVerify?: true };

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
};

export type ListResponse<T> = { items: T[] };
export type PagedResponse<T> = { items: T[]; total: number };

/**
 * `GET /runs/:runId/labels`: a page of the run's outcomes. `countedOnly`: the kept reasons whose
 * labels this run no longer lists one by one (the routine keeps `count-nonzero` and `young` of
 * runs older than the Tower's newest `retention.routineKeepRuns`); the run's `keptByReason`
 * still counts them. Empty while every outcome is listed.
 */
export type OutcomePage = PagedResponse<LabelOutcome> & {
  countedOnly: KeptReason[];
};

/** A sweep request: the body of `POST /towers/:towerId/sweep` (the Tower is in the path). */
export type SweepRequestBody = { dryRun?: boolean };
export type SweepAccepted = { requestId: string };

/** The same request on the events bus: the `cape-labels.sweep-requested` payload names its Tower. */
export type SweepRequestedEvent = SweepRequestBody & { towerId: string };

/** Event topics of the plugin. */
export const CAPE_LABELS_TOPIC_RUN_COMPLETED = 'cape-labels.run-completed';
export const CAPE_LABELS_TOPIC_SWEEP_REQUESTED = 'cape-labels.sweep-requested';

export const LABEL_ACTIONS: readonly LabelAction[] = [
  'deleted',
  'would-delete',
  'kept',
  'failed',
];
export const OUTCOME_REASONS: readonly OutcomeReason[] = [
  'referenced',
  'count-nonzero',
  'young',
  'unconfirmed',
  'cap',
  'raced',
  'error',
  'unanswered',
];

/** Filters of a run's outcomes (`GET /runs/:runId/labels` and `labels.csv`). */
export type OutcomeFilter = {
  action?: LabelAction;
  reason?: OutcomeReason;
  /** The label key, exactly. */
  key?: string;
  /** A substring of the value, case-insensitive (at most 200 characters). */
  search?: string;
};

/** A label value and how many labels with it were deleted. */
export type SourceCount = { value: string; deleted: number };

/** `GET /towers/:towerId/top-sources`: where a Tower's orphan labels came from. */
export type TopSources = {
  days: number;
  /** Start of the window (ISO). */
  since: string;
  /** Values of `<prefix>-cluster-name` whose labels were deleted most, at most 10. */
  clusters: SourceCount[];
  /** Values of `<prefix>-namespace` whose labels were deleted most, at most 10. */
  namespaces: SourceCount[];
};
