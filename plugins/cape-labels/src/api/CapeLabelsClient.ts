import { DiscoveryApi, FetchApi } from '@backstage/core-plugin-api';
import { ResponseError } from '@backstage/errors';
import {
  LabelOutcome,
  ListResponse,
  OutcomeFilter,
  PagedResponse,
  Run,
  RunSummary,
  SweepAccepted,
  TopSources,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import {
  CapeLabelsApi,
  ListOutcomesOptions,
  ListRunsOptions,
  OutcomesCsv,
  OutcomesPage,
  RequestSweepOptions,
} from './CapeLabelsApi';
import { SweepAlreadyRunningError } from './errors';

/** Default implementation of {@link CapeLabelsApi} over HTTP. */
export class CapeLabelsClient implements CapeLabelsApi {
  private readonly discoveryApi: DiscoveryApi;
  private readonly fetchApi: FetchApi;

  constructor(options: { discoveryApi: DiscoveryApi; fetchApi: FetchApi }) {
    this.discoveryApi = options.discoveryApi;
    this.fetchApi = options.fetchApi;
  }

  async listTowers(): Promise<TowerSummary[]> {
    const body = await this.get<ListResponse<TowerSummary>>('/towers');
    return body.items;
  }

  async listRuns(
    towerId: string,
    options: ListRunsOptions = {},
  ): Promise<RunSummary[]> {
    const body = await this.get<ListResponse<RunSummary>>(
      `/towers/${encodeURIComponent(towerId)}/runs${query({
        limit: options.limit,
        before: options.before,
      })}`,
    );
    return body.items;
  }

  async getRun(runId: string): Promise<Run> {
    return this.get<Run>(`/runs/${encodeURIComponent(runId)}`);
  }

  async listOutcomes(
    runId: string,
    options: ListOutcomesOptions = {},
  ): Promise<OutcomesPage> {
    const body = await this.get<PagedResponse<LabelOutcome>>(
      `/runs/${encodeURIComponent(runId)}/labels${query({
        limit: options.limit,
        offset: options.offset,
        ...filterParams(options),
      })}`,
    );
    return { items: body.items, total: body.total };
  }

  async topSources(towerId: string, days?: number): Promise<TopSources> {
    return this.get<TopSources>(
      `/towers/${encodeURIComponent(towerId)}/top-sources${query({ days })}`,
    );
  }

  async downloadOutcomesCsv(
    runId: string,
    filter: OutcomeFilter = {},
  ): Promise<OutcomesCsv> {
    const response = await this.fetchApi.fetch(
      `${await this.baseUrl()}/runs/${encodeURIComponent(
        runId,
      )}/labels.csv${query(filterParams(filter))}`,
    );
    if (!response.ok) {
      throw await ResponseError.fromResponse(response);
    }
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const filename =
      /filename="([^"]+)"/.exec(disposition)?.[1] ?? `cape-labels-${runId}.csv`;
    return { blob: await response.blob(), filename };
  }

  async requestSweep(
    towerId: string,
    options: RequestSweepOptions = {},
  ): Promise<SweepAccepted> {
    const url = `${await this.baseUrl()}/towers/${encodeURIComponent(
      towerId,
    )}/sweep`;
    const response = await this.fetchApi.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ dryRun: options.dryRun ?? false }),
    });
    if (response.status === 409) {
      const error = await ResponseError.fromResponse(response);
      throw new SweepAlreadyRunningError(towerId, error.body?.error?.message);
    }
    if (!response.ok) {
      throw await ResponseError.fromResponse(response);
    }
    return (await response.json()) as SweepAccepted;
  }

  private async baseUrl(): Promise<string> {
    return this.discoveryApi.getBaseUrl('cape-labels');
  }

  private async get<T>(path: string): Promise<T> {
    const response = await this.fetchApi.fetch(
      `${await this.baseUrl()}${path}`,
    );
    if (!response.ok) {
      throw await ResponseError.fromResponse(response);
    }
    return (await response.json()) as T;
  }
}

function filterParams(filter: OutcomeFilter): OutcomeFilter {
  return {
    action: filter.action,
    reason: filter.reason,
    key: filter.key,
    search: filter.search,
  };
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
