import { DiscoveryApi, FetchApi } from '@backstage/core-plugin-api';
import { ResponseError } from '@backstage/errors';
import type {
  OutcomeFilter,
  Run,
  RunSummary,
  StopAccepted,
  SweepAccepted,
  TopSources,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type {
  CapeLabelsApi,
  DownloadCsvOptions,
  ListOutcomesOptions,
  ListRunsOptions,
  OutcomesCsv,
  OutcomesPage,
  RequestSweepOptions,
} from './CapeLabelsApi';
import { SweepAlreadyRunningError } from './errors';
import {
  SpecAnswer,
  SpecPath,
  SpecPathParams,
  SpecQuery,
  SpecRequestBody,
  specUrl,
} from './specTypes';

/**
 * Default implementation of {@link CapeLabelsApi} over HTTP. Paths, parameters, bodies and
 * answers are typed from the backend's OpenAPI spec (`./specTypes`); the methods return the
 * common package's types, so tsc fails when the spec and those types part.
 * @public
 */
export class CapeLabelsClient implements CapeLabelsApi {
  private readonly discoveryApi: DiscoveryApi;
  private readonly fetchApi: FetchApi;

  constructor(options: { discoveryApi: DiscoveryApi; fetchApi: FetchApi }) {
    this.discoveryApi = options.discoveryApi;
    this.fetchApi = options.fetchApi;
  }

  /** {@inheritDoc CapeLabelsApi.listTowers} */
  async listTowers(): Promise<TowerSummary[]> {
    const body = await this.getJson('/towers', {});
    return body.items;
  }

  /** {@inheritDoc CapeLabelsApi.listRuns} */
  async listRuns(
    towerId: string,
    options: ListRunsOptions = {},
  ): Promise<RunSummary[]> {
    const body = await this.getJson(
      '/towers/{towerId}/runs',
      { towerId },
      { limit: options.limit, before: options.before },
    );
    return body.items;
  }

  /** {@inheritDoc CapeLabelsApi.getRun} */
  async getRun(runId: string): Promise<Run> {
    return this.getJson('/runs/{runId}', { runId });
  }

  /** {@inheritDoc CapeLabelsApi.listOutcomes} */
  async listOutcomes(
    runId: string,
    options: ListOutcomesOptions = {},
  ): Promise<OutcomesPage> {
    return this.getJson(
      '/runs/{runId}/labels',
      { runId },
      {
        limit: options.limit,
        offset: options.offset,
        ...filterParams(options),
      },
    );
  }

  /** {@inheritDoc CapeLabelsApi.topSources} */
  async topSources(towerId: string, days?: number): Promise<TopSources> {
    return this.getJson('/towers/{towerId}/top-sources', { towerId }, { days });
  }

  /** {@inheritDoc CapeLabelsApi.downloadOutcomesCsv} */
  async downloadOutcomesCsv(
    runId: string,
    filter: OutcomeFilter = {},
    options: DownloadCsvOptions = {},
  ): Promise<OutcomesCsv> {
    const response = await this.send(
      '/runs/{runId}/labels.csv',
      { runId },
      { ...filterParams(filter), lang: options.lang },
    );
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const filename =
      /filename="([^"]+)"/.exec(disposition)?.[1] ?? `cape-labels-${runId}.csv`;
    return { blob: await response.blob(), filename };
  }

  /** {@inheritDoc CapeLabelsApi.requestSweep} */
  async requestSweep(
    towerId: string,
    options: RequestSweepOptions = {},
  ): Promise<SweepAccepted> {
    const path = '/towers/{towerId}/sweep';
    const body: SpecRequestBody<typeof path, 'post'> = {
      dryRun: options.dryRun ?? false,
    };
    try {
      const response = await this.fetchOk(
        specUrl<typeof path, 'post'>(path, { towerId }),
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        },
      );
      return (await response.json()) as SpecAnswer<typeof path, 'post'>;
    } catch (error) {
      if (error instanceof ResponseError && error.statusCode === 409) {
        throw new SweepAlreadyRunningError(towerId, error.body?.error?.message);
      }
      throw error;
    }
  }

  /** {@inheritDoc CapeLabelsApi.stopSweep} */
  async stopSweep(towerId: string): Promise<StopAccepted> {
    const path = '/towers/{towerId}/stop';
    const response = await this.fetchOk(
      specUrl<typeof path, 'post'>(path, { towerId }),
      { method: 'POST' },
    );
    return (await response.json()) as SpecAnswer<typeof path, 'post'>;
  }

  private async baseUrl(): Promise<string> {
    return this.discoveryApi.getBaseUrl('cape-labels');
  }

  /** A request under the plugin's base URL; throws the backend's error unless the answer is 2xx. */
  private async fetchOk(path: string, init?: RequestInit): Promise<Response> {
    const url = `${await this.baseUrl()}${path}`;
    const response = await (init
      ? this.fetchApi.fetch(url, init)
      : this.fetchApi.fetch(url));
    if (!response.ok) {
      throw await ResponseError.fromResponse(response);
    }
    return response;
  }

  /** `GET path` with its query. */
  private async send<P extends SpecPath<'get'>>(
    path: P,
    params: SpecPathParams<P, 'get'>,
    search?: SpecQuery<P, 'get'>,
  ): Promise<Response> {
    return this.fetchOk(
      `${specUrl<P, 'get'>(path, params)}${query(search ?? {})}`,
    );
  }

  /** `GET path` answered with the spec's JSON body. */
  private async getJson<P extends SpecPath<'get'>>(
    path: P,
    params: SpecPathParams<P, 'get'>,
    search?: SpecQuery<P, 'get'>,
  ): Promise<SpecAnswer<P, 'get'>> {
    const response = await this.send(path, params, search);
    return (await response.json()) as SpecAnswer<P, 'get'>;
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
