/**
 * The `data-testid`s the browser test (test/browser) finds elements by, built in one place for it
 * and the components; unit tests find elements by role and name instead.
 */
export const cardTestIds = {
  card: 'cape-labels-card',
  sweepConfirm: 'cape-sweep-confirm',
  stopConfirm: 'cape-stop-confirm',
} as const;

/** Test ids of the Tower's card on its catalog entity page (the row inside has {@link towerTestIds}). */
export const entityCardTestIds = {
  card: 'cape-entity-card',
  runs: 'cape-entity-runs',
  run: (runId: string) => `cape-entity-run-${runId}`,
} as const;

/** Test ids of one Tower's row. */
export function towerTestIds(towerId: string) {
  const tower = `cape-tower-${towerId}`;
  return {
    row: `cape-tower-row-${towerId}`,
    title: `${tower}-title`,
    entityLink: `${tower}-entity-link`,
    status: `${tower}-status`,
    dryRunMode: `${tower}-dry-run-mode`,
    dryRunLast: `${tower}-dry-run-last`,
    lastRun: `${tower}-last-run`,
    error: `${tower}-error`,
    deleted: `${tower}-deleted`,
    wouldDelete: `${tower}-would-delete`,
    candidates: `${tower}-candidates`,
    scanned: `${tower}-scanned`,
    trend: `${tower}-trend`,
    sweep: `${tower}-sweep`,
    preview: `${tower}-preview`,
    stop: `${tower}-stop`,
    actionMessage: `${tower}-action-message`,
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
    showLabels: (runId: string) => `${page}-show-labels-${runId}`,
    labels: `${page}-labels`,
    topSources: `${page}-top-sources`,
  };
}

/** Test ids of a run's label filters and CSV download. */
export const labelFilterTestIds = {
  action: 'cape-label-filter-action',
  downloadCsv: 'cape-labels-download-csv',
} as const;
