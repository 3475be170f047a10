import { ResponseError } from '@backstage/errors';
import {
  LabelOutcome,
  Run,
  RunSummary,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { CapeLabelsApi } from '../api';
import { makeTower } from './samples';

export { makeCounts, makeOutcome, makeRun, makeTower } from './samples';

export type MockCapeLabelsApi = { [K in keyof CapeLabelsApi]: jest.Mock };

export function mockCapeLabelsApi(towers: TowerSummary[] = [makeTower()]) {
  const api: MockCapeLabelsApi = {
    listTowers: jest.fn().mockResolvedValue(towers),
    listRuns: jest.fn().mockResolvedValue([]),
    getRun: jest.fn(),
    listOutcomes: jest
      .fn()
      .mockResolvedValue({ items: [], total: 0, countedOnly: [] }),
    requestSweep: jest.fn().mockResolvedValue({ requestId: 'req-1' }),
    stopSweep: jest.fn().mockResolvedValue({ runId: 'run-1' }),
    topSources: jest.fn().mockResolvedValue({
      days: 30,
      since: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      clusters: [],
      namespaces: [],
    }),
    downloadOutcomesCsv: jest.fn().mockResolvedValue({
      blob: new Blob(['label_id\r\n'], { type: 'text/csv' }),
      filename: 'cape-labels.csv',
    }),
  };
  return api;
}

/** What the client throws when the backend answers 403 (no `cape-labels.read`). */
export async function notAllowedError(): Promise<ResponseError> {
  const body = {
    error: { name: 'NotAllowedError', message: 'Unauthorized' },
    response: { statusCode: 403 },
  };
  return ResponseError.fromResponse(
    new Response(JSON.stringify(body), {
      status: 403,
      statusText: 'Forbidden',
      headers: { 'content-type': 'application/json' },
    }) as never,
  );
}

/**
 * The API of a Tower page: Tower prod-a whose last run is the first of `runs` (newest first),
 * each run's settings swept two keys, and `outcomes` as every run's labels.
 */
export function mockTowerPageApi(
  runs: RunSummary[],
  outcomes: LabelOutcome[],
): MockCapeLabelsApi {
  const api = mockCapeLabelsApi([makeTower({ lastRun: runs[0] })]);
  api.listRuns.mockResolvedValue(runs);
  api.getRun.mockImplementation(async (id: string): Promise<Run> => ({
    ...runs.find(r => r.id === id)!,
    settings: {
      minAge: 'PT24H',
      confirmAfter: 'PT0S',
      maxDeletesPerRun: 10,
      keys: ['cape-cluster-name', 'cape-namespace'],
    },
  }));
  api.listOutcomes.mockResolvedValue({
    items: outcomes,
    total: outcomes.length,
  });
  return api;
}
