import { createApiRef } from '@backstage/frontend-plugin-api';
import {
  OutcomeFilter,
  OutcomePage,
  Run,
  RunSummary,
  SweepAccepted,
  TopSources,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';

/** Options of {@link CapeLabelsApi.listRuns}. */
export type ListRunsOptions = {
  /** 1–100, server default 20. */
  limit?: number;
  /** Run id: only runs older than this one. */
  before?: string;
};

/** Options of {@link CapeLabelsApi.listOutcomes}: a page and the filters. */
export type ListOutcomesOptions = OutcomeFilter & {
  limit?: number;
  offset?: number;
};

/** A run's outcomes as CSV (`GET /runs/:id/labels.csv`) and the file name the backend gave. */
export type OutcomesCsv = { blob: Blob; filename: string };

/** Options of {@link CapeLabelsApi.requestSweep}. */
export type RequestSweepOptions = {
  dryRun?: boolean;
};

/**
 * A page of label outcomes; `countedOnly` names the kept reasons whose labels this run no
 * longer lists (it still counts them in `keptByReason`).
 */
export type OutcomesPage = OutcomePage;

/** Client of the cape-labels backend (`/api/cape-labels`). */
export interface CapeLabelsApi {
  listTowers(): Promise<TowerSummary[]>;
  listRuns(towerId: string, options?: ListRunsOptions): Promise<RunSummary[]>;
  getRun(runId: string): Promise<Run>;
  listOutcomes(
    runId: string,
    options?: ListOutcomesOptions,
  ): Promise<OutcomesPage>;
  /** The run's outcomes passing `filter` as a CSV file (fetched with the user's credentials). */
  downloadOutcomesCsv(
    runId: string,
    filter?: OutcomeFilter,
  ): Promise<OutcomesCsv>;
  /** The cluster names and namespaces whose labels the Tower's runs deleted most in `days` days. */
  topSources(towerId: string, days?: number): Promise<TopSources>;
  /** Throws {@link SweepAlreadyRunningError} when the Tower is sweeping (409). */
  requestSweep(
    towerId: string,
    options?: RequestSweepOptions,
  ): Promise<SweepAccepted>;
}

/**
 * API reference of {@link CapeLabelsApi}.
 * @public
 */
export const capeLabelsApiRef = createApiRef<CapeLabelsApi>().with({
  id: 'plugin.cape-labels.service',
  pluginId: 'cape-labels',
});
