import { createTranslationRef } from '@backstage/frontend-plugin-api';

/**
 * The English messages of every text the card, the Tower page and the entity card show. A run's
 * error and notes are worded here by their code; the backend's English message is shown only
 * for codes it passed through from Tower or the system.
 * @public
 */
export const capeLabelsMessages = {
  card: {
    title: 'CAPE orphan labels',
    refreshing: 'Sweep in progress, refreshing…',
    refresh: 'Refresh',
    loading: 'Loading the Towers',
    stale: 'Showing earlier data: {{message}}',
  },
  page: {
    title: 'CAPE labels',
    description: 'Orphan CloudTower labels left by CAPE, swept per Tower',
    lastRuns: 'Last {{n}} runs',
    loadError: "Could not load Tower '{{towerId}}': {{message}}",
    runError: 'Could not load run {{runId}}: {{message}}',
    runOfOtherTower: 'Run {{runId}} is not a run of Tower {{towerId}}.',
  },
  emptyState: {
    title: 'No Tower configured',
    howTo:
      'Add a {{block}} block to {{file}} and restart the backend, for example:',
  },
  notAllowed: {
    title: 'You may not view sweep results',
    howTo: 'Ask your Backstage admin for the {{permission}} permission.',
  },
  loadError: { title: 'Could not reach the cape-labels backend' },
  status: {
    succeeded: 'succeeded',
    partial: 'partial',
    failed: 'failed',
    aborted: 'aborted',
    running: 'running',
    lost: 'lost',
    neverRun: 'never run',
  },
  trigger: {
    schedule: 'schedule',
    manual: 'manual',
    event: 'event',
    external: 'external (scheduler endpoint, preview only)',
    by: '{{trigger}} by {{user}}',
  },
  action: {
    deleted: 'deleted',
    wouldDelete: 'would-delete',
    kept: 'kept',
    failed: 'failed',
  },
  reason: {
    referenced: 'referenced',
    countNonzero: 'count-nonzero',
    young: 'young',
    unconfirmed: 'unconfirmed',
    cap: 'cap',
    raced: 'raced',
    refused: 'refused by Tower',
    malformed: 'malformed',
    error: 'error',
    unanswered: 'unanswered',
    withRelation: '{{reason}} ({{relation}})',
  },
  runError: {
    LOGIN_FAILED: 'Tower refused the login.',
    NO_TOKEN:
      'The login answered without a token: Tower wants a second factor (use an API key).',
    API_KEY_REFUSED: 'Tower refused the configured API key.',
    LOGIN_PAUSED:
      'Not logged in: Tower refused {{refusals}} logins in a row; the next is tried at {{nextLoginAt}}, or at once on "Sweep now" or a change of the credentials.',
    LDAP_CONFIG_UNKNOWN:
      'The configured authConfigId is not an LDAP config Tower lists.',
    LDAP_CONFIG_AMBIGUOUS:
      'Tower lists several LDAP configs and no authConfigId picks one.',
    TIMEOUT: 'Tower did not answer within the request timeout.',
    REDIRECT:
      'Tower or a proxy answered with a redirect, which is never followed.',
    TLS: 'The TLS connection to Tower failed (certificate or handshake).',
    NETWORK: 'Tower could not be reached over the network.',
    MALFORMED_RESPONSE: 'Tower answered with something that is not JSON.',
    RESPONSE_TOO_LARGE:
      "Tower's answer was larger than the plugin reads (maxResponseBytes).",
    UNEXPECTED_SHAPE: "Tower's answer did not have the expected shape.",
    RELATIONS_UNKNOWN:
      'The references that keep labels in use could not be read, so nothing was deleted.',
    GRAPHQL_ERROR: 'Tower answered with a GraphQL error.',
    HTTP: 'Tower answered with HTTP status {{status}}.',
    ABORTED: 'The run was stopped before it ended.',
    CAP_REACHED:
      'Stopped deleting at maxDeletesPerRun ({{maxDeletesPerRun}}); the rest wait for the next run.',
    CAP_REACHED_NO_LIMIT:
      'Stopped deleting at maxDeletesPerRun; the rest wait for the next run.',
    STORE_FAILED: "The run's history could not be written, so the run stopped.",
    INTERNAL: 'The sweep failed with an internal error.',
    REPLICA_LOST:
      'The backend replica running the sweep stopped before it finished.',
  },
  note: {
    DELETE_COUNT_MISMATCH:
      'Tower reported {{reported}} of {{requested}} labels deleted, but {{gone}} were gone afterwards.',
    DELETE_UNANSWERED_SETTLED:
      'Deleting {{requested}} labels got no usable answer ({{error}}); {{gone}} were gone after settling and are recorded deleted.',
    LATE_DELETIONS_CORRECTED:
      "Found {{count}} labels deleted by run {{runId}} after its delete went unanswered: that run's record was corrected.",
    LATE_DELETIONS_UNRECORDED:
      'Found {{count}} labels deleted by run {{runId}} (no longer in the history) after its delete went unanswered: {{labelIds}}',
    LATE_DELETIONS_RECORDED:
      "Run {{byRunId}} found {{count}} of this run's unanswered deletes gone on Tower: recorded deleted, counts recomputed.",
    RECHECK_FAILED:
      'Earlier unanswered deletes could not be re-checked (the next run tries again): {{error}}',
    LOGIN_API_KEY: 'Authenticated with an API key.',
    LOGIN_LDAP_AUTHN:
      'Logged in as an LDAP user through AUTHN ({{authConfigId}}).',
    LOGIN_LDAP_NO_AUTHN_STRATEGIES:
      'Logged in as an LDAP user with source LDAP (Tower lists no authnStrategies).',
    LOGIN_LDAP_NO_LDAP_CONFIG:
      'Logged in as an LDAP user with source LDAP (authnStrategies lists no LDAP config).',
    LOGIN_REFUSED_BACKOFF:
      'Tower refused the login, {{refusals}} in a row: scheduled sweeps try the next login at {{nextLoginAt}}.',
    CANCELLED_BY_SCHEDULER:
      "Stopped by Backstage's scheduler (its cancel endpoint, the task's timeout or a lost lease), not by a shutdown.",
    STOPPED: 'Stopped by {{by}}.',
    DELETE_REFUSED_SPLIT:
      'Tower refused to delete {{requested}} labels ({{detail}}); split in {{extraDeletes}} more deletes: {{refused}} refused ({{refusedIds}}), {{deleted}} deleted, {{failed}} left failed.',
    RELATIONS_LACKING_BUILT_IN:
      "Tower's Label lacks these built-in relations (not checked): {{relations}}",
    RELATIONS_BEYOND_BUILT_IN:
      "Tower's Label has relations beyond the built-in list (checked): {{relations}}",
    RELATIONS_READ_DIRECTLY:
      "List fields of Tower's Label without filters, read directly in the live check (the delete cannot guard them): {{relations}}",
    RELATIONS_UNCLEAR:
      'Relations the probe could not place were kept (their filters fail the check if Tower lacks them): {{relations}}',
    HOLDER_UNREADABLE:
      'Could not read which labels {{holder}} name (objects that hold labels without a relation on Label): no label was deleted on that read. {{error}}',
    HELD_LABEL_DELETED:
      'This run deleted label {{key}}={{value}} ({{labelId}}), which {{holder}} names now: recreate it with this key and value and put it back on that object.',
    HELD_CHECK_FAILED:
      'Could not read the holders again after the deletes, so no deleted label was checked against them: {{error}}',
    MORE_NOTES_IN_LOG: '{{count}} more notes are in the log.',
  },
  headline: {
    deleted: 'deleted',
    wouldDelete: 'would delete',
    candidates: 'candidates',
    scanned: 'scanned',
  },
  counts: {
    deleted: '{{n}} deleted',
    wouldDelete: '{{n}} would delete',
    candidates: '{{n}} candidates',
    scanned: '{{n}} scanned',
    kept: '{{n}} kept',
    failed: '{{n}} failed',
    separator: ', ',
  },
  common: {
    dryRun: 'dry run',
    dryRunSuffix: ' (dry run)',
    field: '{{label}}: ',
    notSwept: 'This Tower has not been swept yet.',
  },
  duration: {
    ms: '{{n}} ms',
    s: '{{n}} s',
    min: '{{n}} min',
    h: '{{n}} h',
  },
  clock: {
    local: "this backend's (Tower sent no usable Date header)",
    inStep: "Tower's, in step with ours",
    behind: "Tower's, {{duration}} behind ours",
    ahead: "Tower's, {{duration}} ahead of ours",
    capped: '{{reading}} (capped: cutoff at most maxClockAhead ahead)',
  },
  relations: {
    kinds_one: '{{count}} kind of object ({{how}})',
    kinds_other: '{{count}} kinds of object ({{how}})',
    fromSchema: "from Tower's schema",
    probed: 'probed: Tower refuses introspection',
  },
  towerRow: {
    dryRunMode: 'dry-run mode',
    dryRunLast: 'last run: dry run',
    started: 'Started {{when}}',
    ran: 'Ran {{when}}',
    inProgress: ' · in progress, counts so far',
    neverRun: 'Never run',
    nextRun: ' · next run {{when}}',
    loginBackoff:
      'Tower refused the login {{refusals}} times in a row ({{code}}): the next is tried {{when}}; "Sweep now" tries at once',
    notScheduled: 'not scheduled',
    history: 'History',
    details: 'Details',
    hideDetails: 'Hide details',
    catalog: 'Catalog',
    insecure: 'http: not encrypted',
    insecureTitle:
      'http:// off this machine (allowInsecure): the Tower password crosses the network in clear',
    skipTLSVerify: 'TLS not verified',
    skipTLSVerifyTitle: "skipTLSVerify: Tower's certificate is not checked",
  },
  sweep: {
    sweepNow: 'Sweep now',
    preview: 'Preview',
    previewRequested: 'Preview requested',
    sweepRequested: 'Sweep requested',
    alreadyRunning: 'already running',
    requestFailed: 'Request failed: {{message}}',
    confirmTitle: 'Sweep {{title}} now?',
    confirmDryRun:
      '{{title}} is configured for dry runs: the sweep records what it would delete and deletes nothing.',
    confirmDelete:
      'This deletes orphan {{prefix}}-* labels on {{server}} that pass every safety check. Deleted labels cannot be restored.',
    cancel: 'Cancel',
    confirm: 'Sweep',
    stop: 'Stop',
    stopTitle: 'Stop the sweep of {{title}}?',
    stopText:
      'The run ends aborted: what it already deleted stays deleted and recorded, the rest waits for the next run.',
    stopConfirm: 'Stop the sweep',
    stopRequested: 'Stop requested',
    notRunning: 'no sweep is running',
  },
  details: {
    lastRun: 'Last run',
    earlierRuns: 'Earlier runs',
    error: 'Error: {{message}}',
    errorWithCode: 'Error ({{code}}): {{message}}',
    earlierRunsError: 'Could not load earlier runs: {{message}}',
    noEarlierRuns: 'No earlier runs.',
    trigger: 'Trigger',
    duration: 'Duration',
    replica: 'Replica',
    clock: 'Clock',
    relations: 'References checked',
    kept: 'Kept',
    failed: 'Failed',
    mode: 'Mode',
  },
  rules: {
    title: 'Rules in force',
    owner: 'Owner',
    noOwner: 'none configured',
    notify: 'Notified',
    nobody: 'nobody',
    minAge: 'Minimum age',
    confirmAfter: 'Confirm after',
    off: 'off',
    maxDeletesPerRun: 'At most deleted per run',
    mode: 'Mode',
    deletes: 'deletes',
    schedule: 'Schedule',
    every: 'every {{duration}}',
    cron: 'cron {{cron}}',
    scheduleValue: '{{when}}, timeout {{timeout}}',
    relations: 'References this run checked',
    relationList: ': {{list}}',
  },
  entityCard: {
    noAnnotation: 'This entity has no {{annotation}} annotation.',
    unknownTower: "Tower '{{towerId}}' is not configured in capeLabels.towers.",
    runsError: "Could not load the Tower's runs: {{message}}",
    noRuns: 'No runs yet.',
  },
  runs: {
    error: 'Could not load the runs: {{message}}',
    started: 'Started',
    status: 'Status',
    trigger: 'Trigger',
    requestedBy: 'Asked by',
    duration: 'Duration',
    counts: 'Counts',
    labels: 'Labels',
    labelsOf: 'Labels of run {{runId}}',
    notes: 'Notes of the run',
    replica: 'Replica',
    clock: 'Tower clock',
  },
  trend: {
    label: 'Last {{n}} runs, {{failed}} failed',
    markTitle: 'Run {{runId}}: {{facts}}',
  },
  outcomes: {
    all: 'All',
    deleted: 'Deleted',
    wouldDelete: 'Would delete',
    kept: 'Kept',
    failed: 'Failed',
    error: 'Could not load labels: {{message}}',
    empty: 'No labels in this run.',
    emptyAction: 'No labels with outcome {{action}} in this run.',
    emptyFiltered: 'No labels matching these filters in this run.',
    emptyActionFiltered:
      'No labels with outcome {{action}} matching these filters in this run.',
    range: '{{from}}–{{to}} of {{total}}',
    countedOnly:
      "Labels kept as {{reasons}} are counted, not listed, for this run: only the Tower's newest runs list them.",
    label: 'Label',
    outcome: 'Outcome',
    reason: 'Reason',
    created: 'Created',
  },
  runLabels: {
    title: 'Labels of the run started {{when}}',
    downloadCsv: 'Download CSV',
    downloading: 'Downloading…',
    downloadError: 'Could not download: {{message}}',
  },
  filters: {
    any: 'Any',
    outcome: 'Outcome',
    reason: 'Reason',
    key: 'Key',
    search: 'Value contains',
    searchPlaceholder: 'e.g. cluster name',
  },
  topSources: {
    title: 'Where the orphans come from',
    description:
      'Labels deleted over the last {{days}} days, by the cluster and namespace they named (top 10).',
    error: 'Could not load: {{message}}',
    clusters: 'Cluster names',
    namespaces: 'Namespaces',
    none: 'None deleted.',
  },
} as const;

/**
 * The plugin's messages (`plugin.cape-labels`), with Simplified Chinese (`zh-CN`) shipped: an app
 * that offers `zh-CN` shows it without registering anything. Override single messages with
 * `createTranslationMessages({ ref: capeLabelsTranslationRef, messages: {...} })`.
 *
 * @public
 */
export const capeLabelsTranslationRef = createTranslationRef({
  id: 'plugin.cape-labels',
  messages: capeLabelsMessages,
  translations: {
    'zh-CN': () => import('./zh-CN'),
  },
});
