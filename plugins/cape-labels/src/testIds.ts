/**
 * Every `data-testid` of the card, built in one place: the components, their tests and the
 * browser test (test/browser) all read them from here.
 */
export const cardTestIds = {
  card: 'cape-labels-card',
  loading: 'cape-labels-loading',
  empty: 'cape-labels-empty',
  towers: 'cape-labels-towers',
  sweepConfirm: 'cape-sweep-confirm',
  stopConfirm: 'cape-stop-confirm',
} as const;

/** Test ids of the Tower's card on its catalog entity page (the row inside has {@link towerTestIds}). */
export const entityCardTestIds = {
  card: 'cape-entity-card',
  runs: 'cape-entity-runs',
  run: (runId: string) => `cape-entity-run-${runId}`,
} as const;

/** Test ids of one Tower's row and its expanded details. */
export function towerTestIds(towerId: string) {
  const tower = `cape-tower-${towerId}`;
  const details = `${tower}-details`;
  return {
    row: `cape-tower-row-${towerId}`,
    title: `${tower}-title`,
    entityLink: `${tower}-entity-link`,
    status: `${tower}-status`,
    dryRunMode: `${tower}-dry-run-mode`,
    dryRunLast: `${tower}-dry-run-last`,
    lastRun: `${tower}-last-run`,
    nextRun: `${tower}-next-run`,
    error: `${tower}-error`,
    deleted: `${tower}-deleted`,
    wouldDelete: `${tower}-would-delete`,
    candidates: `${tower}-candidates`,
    scanned: `${tower}-scanned`,
    trend: `${tower}-trend`,
    expand: `${tower}-expand`,
    sweep: `${tower}-sweep`,
    preview: `${tower}-preview`,
    stop: `${tower}-stop`,
    actionMessage: `${tower}-action-message`,
    details,
    earlierRuns: `${tower}-earlier-runs`,
  };
}

/** Test ids of one run's facts inside a Tower's details (`prefix` is the details id). */
export function runFactTestIds(prefix: string) {
  return {
    trigger: `${prefix}-trigger`,
    notes: `${prefix}-notes`,
  };
}

/** Test ids of a run's outcomes table. */
export function outcomesTestIds(runId: string) {
  return {
    table: `cape-outcomes-${runId}`,
    row: (labelId: string) => `cape-outcome-${labelId}`,
  };
}

/** Test ids of a Tower's page (`/cape-labels/towers/:towerId`). */
export function towerPageTestIds(towerId: string) {
  const page = `cape-tower-page-${towerId}`;
  return {
    link: `cape-tower-${towerId}-page-link`,
    chart: `${page}-chart`,
    runs: `${page}-runs`,
    run: (runId: string) => `${page}-run-${runId}`,
    showLabels: (runId: string) => `${page}-show-labels-${runId}`,
    labels: `${page}-labels`,
    selectedRunError: `${page}-selected-run-error`,
    selectedRunNotes: `${page}-selected-run-notes`,
    topSources: `${page}-top-sources`,
  };
}

/** Test ids of the rules, people and references a Tower's page shows. */
export function towerRulesTestIds(towerId: string) {
  const rules = `cape-tower-page-${towerId}-rules`;
  return {
    rules,
    owner: `${rules}-owner`,
    notify: `${rules}-notify`,
    values: `${rules}-values`,
    relations: `${rules}-relations`,
  };
}

/** Test ids of a run's label filters and CSV download. */
export const labelFilterTestIds = {
  action: 'cape-label-filter-action',
  reason: 'cape-label-filter-reason',
  key: 'cape-label-filter-key',
  downloadCsv: 'cape-labels-download-csv',
} as const;
