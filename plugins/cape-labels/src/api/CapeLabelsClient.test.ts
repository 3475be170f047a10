import { ResponseError } from '@backstage/errors';
import { CapeLabelsClient } from './CapeLabelsClient';
import { isSweepAlreadyRunningError, SweepAlreadyRunningError } from './errors';

const BASE = 'http://localhost:7007/api/cape-labels';

const STATUS_TEXT: Record<number, string> = {
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
};

function jsonResponse(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: STATUS_TEXT[status] ?? 'OK',
    url: BASE,
    headers: new Map([['content-type', 'application/json']]),
    json: async () => JSON.parse(text),
    text: async () => text,
  } as unknown as Response;
}

function setup(response: Response) {
  const fetch = jest.fn().mockResolvedValue(response);
  const getBaseUrl = jest.fn().mockResolvedValue(BASE);
  const client = new CapeLabelsClient({
    discoveryApi: { getBaseUrl },
    fetchApi: { fetch },
  });
  return { client, fetch, getBaseUrl };
}

const errorBody = (name: string, message: string, statusCode: number) => ({
  error: { name, message },
  request: { method: 'GET', url: '/x' },
  response: { statusCode },
});

describe('CapeLabelsClient', () => {
  it('lists Towers from the plugin base URL', async () => {
    const { client, fetch, getBaseUrl } = setup(
      jsonResponse(200, { items: [{ id: 'prod-a' }] }),
    );
    await expect(client.listTowers()).resolves.toEqual([{ id: 'prod-a' }]);
    expect(getBaseUrl).toHaveBeenCalledWith('cape-labels');
    expect(fetch).toHaveBeenCalledWith(`${BASE}/towers`);
  });

  it('builds run list URLs with limit and before, encoding ids', async () => {
    const { client, fetch } = setup(jsonResponse(200, { items: [] }));
    await client.listRuns('prod a', { limit: 5, before: 'run/1' });
    expect(fetch).toHaveBeenLastCalledWith(
      `${BASE}/towers/prod%20a/runs?limit=5&before=run%2F1`,
    );
    await client.listRuns('prod-a');
    expect(fetch).toHaveBeenLastCalledWith(`${BASE}/towers/prod-a/runs`);
  });

  it('gets a run and pages its outcomes', async () => {
    const { client, fetch } = setup(
      jsonResponse(200, { items: [], total: 7, countedOnly: ['young'] }),
    );
    await expect(
      client.listOutcomes('r1', { limit: 10, offset: 20, action: 'kept' }),
    ).resolves.toStrictEqual({ items: [], total: 7, countedOnly: ['young'] });
    expect(fetch).toHaveBeenLastCalledWith(
      `${BASE}/runs/r1/labels?limit=10&offset=20&action=kept`,
    );
    await client.getRun('r1');
    expect(fetch).toHaveBeenLastCalledWith(`${BASE}/runs/r1`);
  });

  it('sends the outcome filters, encoded, and leaves empty ones out', async () => {
    const { client, fetch } = setup(jsonResponse(200, { items: [], total: 0 }));
    await client.listOutcomes('r1', {
      reason: 'young',
      key: 'cape-vip',
      search: 'a&b %',
      action: undefined,
    });
    expect(fetch).toHaveBeenLastCalledWith(
      `${BASE}/runs/r1/labels?reason=young&key=cape-vip&search=a%26b+%25`,
    );
  });

  it('downloads the CSV with the filters and the file name the backend gave', async () => {
    const blob = new Blob(['label_id\r\n']);
    const fetch = jest.fn().mockResolvedValue({
      ok: true,
      status: 200,
      headers: new Headers({
        'Content-Disposition': 'attachment; filename="cape-labels-t1-r1.csv"',
      }),
      blob: async () => blob,
    });
    const client = new CapeLabelsClient({
      discoveryApi: { getBaseUrl: async () => BASE },
      fetchApi: { fetch },
    });
    await expect(
      client.downloadOutcomesCsv(
        'r1',
        { action: 'deleted', search: 'x' },
        { lang: 'zh-CN' },
      ),
    ).resolves.toEqual({ blob, filename: 'cape-labels-t1-r1.csv' });
    expect(fetch).toHaveBeenCalledWith(
      `${BASE}/runs/r1/labels.csv?action=deleted&search=x&lang=zh-CN`,
    );
  });

  it('throws the backend error of a refused CSV download', async () => {
    const { client } = setup(
      jsonResponse(403, errorBody('NotAllowedError', 'You may not view', 403)),
    );
    await expect(client.downloadOutcomesCsv('r1')).rejects.toBeInstanceOf(
      ResponseError,
    );
  });

  it('posts sweep requests with dryRun', async () => {
    const { client, fetch } = setup(jsonResponse(202, { requestId: 'req-9' }));
    await expect(
      client.requestSweep('prod-a', { dryRun: true }),
    ).resolves.toEqual({ requestId: 'req-9' });
    expect(fetch).toHaveBeenCalledWith(`${BASE}/towers/prod-a/sweep`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ dryRun: true }),
    });
    await client.requestSweep('prod-a');
    expect(JSON.parse(fetch.mock.calls[1][1].body)).toEqual({ dryRun: false });
  });

  it("posts a stop and answers the stopped run's id; a 409 stays the backend's error", async () => {
    const { client, fetch } = setup(jsonResponse(202, { runId: 'run-4' }));
    await expect(client.stopSweep('prod-a')).resolves.toEqual({
      runId: 'run-4',
    });
    expect(fetch).toHaveBeenCalledWith(`${BASE}/towers/prod-a/stop`, {
      method: 'POST',
    });
    const refused = setup(
      jsonResponse(
        409,
        errorBody('ConflictError', 'prod-a is not sweeping', 409),
      ),
    );
    const error = await refused.client.stopSweep('prod-a').catch(e => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.statusCode).toBe(409);
  });

  it('maps a 409 on sweep to SweepAlreadyRunningError', async () => {
    const { client } = setup(
      jsonResponse(409, errorBody('ConflictError', 'prod-a is sweeping', 409)),
    );
    const error = await client.requestSweep('prod-a').catch(e => e);
    expect(error).toBeInstanceOf(SweepAlreadyRunningError);
    expect(isSweepAlreadyRunningError(error)).toBe(true);
    expect(error.towerId).toBe('prod-a');
    expect(error.message).toBe('prod-a is sweeping');
  });

  it('maps other errors to ResponseError with the backend message', async () => {
    const { client } = setup(
      jsonResponse(404, errorBody('NotFoundError', 'unknown Tower nope', 404)),
    );
    const error = await client.listRuns('nope').catch(e => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect(isSweepAlreadyRunningError(error)).toBe(false);
    expect(error.statusCode).toBe(404);
    expect(error.body.error.message).toBe('unknown Tower nope');
    expect(error.cause.message).toBe('unknown Tower nope');

    const { client: client2 } = setup(
      jsonResponse(403, errorBody('NotAllowedError', 'no permission', 403)),
    );
    const sweepError = await client2.requestSweep('prod-a').catch(e => e);
    expect(sweepError).toBeInstanceOf(ResponseError);
    expect(isSweepAlreadyRunningError(sweepError)).toBe(false);
  });
});
