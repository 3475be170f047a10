import { createApiRef } from '@backstage/frontend-plugin-api';
import {
  CapeLabelsLanguage,
  OutcomeFilter,
  OutcomePage,
  Run,
  RunSummary,
  StopAccepted,
  SweepAccepted,
  TopSources,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';

/**
 * Options of {@link CapeLabelsApi.listRuns}.
 * @public
 */
export type ListRunsOptions = {
  /** 1–100, server default 20. */
  limit?: number;
  /** Run id: only runs older than this one. */
  before?: string;
};

/**
 * Options of {@link CapeLabelsApi.listOutcomes}: a page and the filters.
 * @public
 */
export type ListOutcomesOptions = OutcomeFilter & {
  limit?: number;
  offset?: number;
};

/**
 * A run's outcomes as CSV (`GET /runs/:id/labels.csv`) and the file name the backend gave.
 * @public
 */
export type OutcomesCsv = { blob: Blob; filename: string };

/**
 * Options of {@link CapeLabelsApi.downloadOutcomesCsv}: `lang`, the language of the CSV's header
 * row (English unless given).
 * @public
 */
export type DownloadCsvOptions = { lang?: CapeLabelsLanguage };

/**
 * Options of {@link CapeLabelsApi.requestSweep}.
 * @public
 */
export type RequestSweepOptions = {
  dryRun?: boolean;
};

/**
 * A page of label outcomes; `countedOnly` names the kept reasons whose labels this run no
 * longer lists (it still counts them in `keptByReason`).
 * @public
 */
export type OutcomesPage = OutcomePage;

/**
 * Client of the cape-labels backend (`/api/cape-labels`).
 * @public
 */
export interface CapeLabelsApi {
  /** Every configured Tower with its last run (`GET /towers`). */
  listTowers(): Promise<TowerSummary[]>;
  /** A Tower's runs, newest first (`GET /towers/:towerId/runs`). */
  listRuns(towerId: string, options?: ListRunsOptions): Promise<RunSummary[]>;
  /** One run with its settings (`GET /runs/:runId`). */
  getRun(runId: string): Promise<Run>;
  /** A page of a run's label outcomes (`GET /runs/:runId/labels`). */
  listOutcomes(
    runId: string,
    options?: ListOutcomesOptions,
  ): Promise<OutcomesPage>;
  /** The run's outcomes passing `filter` as a CSV file (fetched with the user's credentials). */
  downloadOutcomesCsv(
    runId: string,
    filter?: OutcomeFilter,
    options?: DownloadCsvOptions,
  ): Promise<OutcomesCsv>;
  /** The cluster names and namespaces whose labels the Tower's runs deleted most in `days` days. */
  topSources(towerId: string, days?: number): Promise<TopSources>;
  /** Throws {@link SweepAlreadyRunningError} when the Tower is sweeping (409). */
  requestSweep(
    towerId: string,
    options?: RequestSweepOptions,
  ): Promise<SweepAccepted>;
  /**
   * Stops the Tower's running sweep (`POST /towers/:towerId/stop`): the run ends `aborted`. The
   * backend's 409 (no sweep runs) is thrown as a `ResponseError`.
   */
  stopSweep(towerId: string): Promise<StopAccepted>;
}

/**
 * API reference of {@link CapeLabelsApi}.
 * @public
 */
export const capeLabelsApiRef = createApiRef<CapeLabelsApi>().with({
  id: 'plugin.cape-labels.service',
  pluginId: 'cape-labels',
});
