import type { components, operations } from './schema/openapi.generated';

/**
 * How a run was started. `external`: the scheduler's own trigger endpoint started the task
 * when the schedule had not made it due and no permitted request was pending, so the run was
 * only a preview.
 * @public
 */
export type RunTrigger = components['schemas']['RunFields']['trigger'];

/**
 * Where a run ended up (`running` while it is in progress). `lost` is never stored: API answers
 * show a `running` run whose heartbeat stopped as `lost`; the Tower's next sweep records it
 * `aborted`.
 * @public
 */
export type RunStatus = components['schemas']['RunFields']['status'];

/**
 * What happened to one label in a run.
 * @public
 */
export type LabelAction = components['schemas']['LabelAction'];

/**
 * Why a label was kept. `refused`: Tower refused to delete it with a clear answer (its words are
 * the outcome's `detail`); `malformed`: its `id` or `createdAt` is not one Tower could have
 * written, so it is never deleted (the outcome records the value made safe).
 * @public
 */
export type KeptReason = components['schemas']['KeptReason'];

/**
 * The reason an outcome carries: a kept label's or a failed label's.
 * @public
 */
export type OutcomeReason = components['schemas']['OutcomeReason'];

/**
 * How many labels a run saw and what it did with them.
 * @public
 */
export type RunCounts = components['schemas']['RunCounts'];

/**
 * Why a run ended badly: a message for people, and a code when it has one (see
 * {@link RunErrorCode}: one of the plugin's own, `HTTP_<status>`, or Tower's or the system's).
 * @public
 */
export type RunError = NonNullable<components['schemas']['RunFields']['error']>;

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
export type RunNoteCode = NonNullable<RunNote['code']>;

/**
 * A remark on a run: its code and params for a frontend that words it, and the backend's
 * English `message` as the fallback. Notes stored before codes existed read back as
 * `{ message }` only.
 * @public
 */
export type RunNote = components['schemas']['RunNote'];

/**
 * One run of a Tower's sweep, as lists and the card show it.
 * @public
 */
export type RunSummary = components['schemas']['RunSummary'];

/**
 * The relations a run checked before deleting (every kind of object that can reference a label):
 * `introspection`, read from Tower's schema; `probe`, the built-in list less what Tower's
 * validation refused (where Tower refuses introspection). Runs recorded before the other fields
 * existed have only `source` and `checked`.
 * @public
 */
export type RunRelations = NonNullable<
  components['schemas']['RunFields']['relations']
>;

/**
 * How a relation was found. `filters`: Tower's schema shows both its `_some` and `_none` filters.
 * `probe`: the built-in relation's filters were accepted by the probe. `probedAlone`: the first
 * probe seemed to lack it, and a probe of it alone was accepted. `unclear`: the first probe seemed
 * to lack it but nothing showed that Tower does, so it was kept (a filter Tower lacks then fails
 * the check, loudly).
 * @public
 */
export type RelationFinding = NonNullable<RunRelations['foundBy']>[string];

/**
 * `tower`: Tower's clock, read from the HTTP `Date` header of login's answer; `skewMs` is
 * Tower's clock minus ours (whole seconds: the header has no more). `local`: Tower sent no
 * usable `Date`, so the backend's clock was used (`skewMs` null).
 * @public
 */
export type RunClock = NonNullable<components['schemas']['RunFields']['clock']>;

/**
 * The settings a run swept with.
 * @public
 */
export type RunSettings = components['schemas']['RunSettings'];

/**
 * One run with the settings it swept with (`GET /runs/:runId`).
 * @public
 */
export type Run = components['schemas']['Run'];

/**
 * A configured Tower, its state and last run (`GET /towers`).
 * @public
 */
export type TowerSummary = components['schemas']['TowerSummary'];

/**
 * A Tower's effective rules (config with defaults applied). The relations a run checks are read
 * from Tower at each run: see `Run.relations`.
 * @public
 */
export type TowerRules = components['schemas']['TowerRules'];

/**
 * When a Tower's sweep runs: `frequency` (ISO-8601 duration) or `cron`; `timeout` and
 * `initialDelay` are ISO-8601 durations.
 * @public
 */
export type TowerScheduleRules = TowerRules['schedule'];

/**
 * `insecure`: an `http://` Tower off this machine (`allowInsecure`), its password in clear on
 * the network. `skipTLSVerify`: Tower's certificate is not checked.
 * @public
 */
export type TowerTransport = NonNullable<TowerSummary['transport']>;

/**
 * What one run did with one label.
 * @public
 */
export type LabelOutcome = components['schemas']['LabelOutcome'];

/**
 * `GET /runs/:runId/labels`: a page of the run's outcomes. `countedOnly`: the kept reasons whose
 * labels this run no longer lists one by one (the routine keeps `count-nonzero` and `young` of
 * runs older than the Tower's newest `retention.routineKeepRuns`); the run's `keptByReason`
 * still counts them. Empty while every outcome is listed.
 * @public
 */
export type OutcomePage =
  operations['listRunLabels']['responses'][200]['content']['application/json'];

/**
 * The answer of a sweep request: the id of the request the run will carry out.
 * @public
 */
export type SweepAccepted =
  operations['requestSweep']['responses'][202]['content']['application/json'];

/**
 * The answer of `POST /towers/:towerId/stop`: the running sweep asked to stop.
 * @public
 */
export type StopAccepted =
  operations['stopSweep']['responses'][202]['content']['application/json'];

/**
 * The languages of texts the backend words itself (CSV headers, notifications).
 * @public
 */
export type CapeLabelsLanguage = components['schemas']['Language'];
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
export type SweepRequestedEvent = NonNullable<
  operations['requestSweep']['requestBody']
>['content']['application/json'] & {
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
export type OutcomeFilter = Pick<
  NonNullable<operations['listRunLabels']['parameters']['query']>,
  'action' | 'reason' | 'key' | 'search'
>;

/**
 * A label value and how many labels with it were deleted.
 * @public
 */
export type SourceCount = components['schemas']['SourceCount'];

/**
 * `GET /towers/:towerId/top-sources`: where a Tower's orphan labels came from.
 * @public
 */
export type TopSources = components['schemas']['TopSources'];
