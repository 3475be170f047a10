import { ResponseError } from '@backstage/errors';
import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { CapeLabelsApi } from '../api';
import { makeTower } from './samples';

export { makeCounts, makeRun, makeTower } from './samples';

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
