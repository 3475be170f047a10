import type http from 'node:http';
import { createTowerClient } from './TowerClient';
import {
  TowerAbortedError,
  TowerHttpError,
  TowerResponseError,
  TowerTimeoutError,
  TowerUnreachableError,
} from './errors';
import {
  delay,
  rawServersEachTest,
  startRawServer,
} from './__testUtils__/rawServer';
import { caught, opts, warmUp, withLogin } from './__testUtils__/clientHelpers';

describe('TowerClient transport faults, against a raw HTTP server', () => {
  const start = rawServersEachTest();

  it.each([500, 502, 503])('maps HTTP %i to TowerHttpError', async status => {
    const server = await start(
      withLogin(() => ({ json: { oops: true }, status })),
    );
    const e = await caught(
      createTowerClient(opts(server.url)).checkLabels(['a']),
    );
    expect(e).toBeInstanceOf(TowerHttpError);
    expect(e.code).toBe(`HTTP_${status}`);
    expect((e as TowerHttpError).status).toBe(status);
    expect(e.message).toContain(
      `Tower raw: checkLabels failed: HTTP ${status}`,
    );
  });

  it('maps an HTTP error on login too, without the password', async () => {
    const server = await start(() => ({ json: {}, status: 502 }));
    const e = await caught(
      createTowerClient(opts(server.url)).checkLabels(['a']),
    );
    expect(e).toBeInstanceOf(TowerHttpError);
    expect(e.operation).toBe('login');
  });

  const stallBody = (res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"data":');
  };

  it.each([
    ['before the headers', () => undefined],
    ['in the body', stallBody],
  ])(
    'times out, or aborts for the caller, an answer that stalls %s',
    async (_, stall) => {
      const server = await start(
        withLogin(req =>
          req.operationName === 'CapeLabelsCheck'
            ? { raw: stall }
            : { json: { data: { labels: [] } } },
        ),
      );
      const client = createTowerClient(
        opts(server.url, { requestTimeoutMs: 200 }),
      );
      await warmUp(() => client.readExistingIds(['a']));
      let e = await caught(client.checkLabels(['a']));
      expect(e).toBeInstanceOf(TowerTimeoutError);
      expect(e.code).toBe('TIMEOUT');
      expect(e.message).toBe(
        'Tower raw: checkLabels failed: no answer within 200 ms',
      );
      const ctrl = new AbortController();
      setTimeout(() => ctrl.abort(), 50);
      e = await caught(client.checkLabels(['a'], ctrl.signal));
      expect(e).toBeInstanceOf(TowerAbortedError);
    },
  );

  it('surfaces the caller abort as TowerAbortedError, also while queued', async () => {
    const server = await start(withLogin(() => ({ raw: () => undefined })));
    const client = createTowerClient(opts(server.url, { requestsInFlight: 1 }));
    const ctrl = new AbortController();
    const first = caught(client.checkLabels(['a'], ctrl.signal));
    const queued = caught(client.readExistingIds(['a'], ctrl.signal));
    setTimeout(() => ctrl.abort(), 100);
    for (const e of await Promise.all([first, queued])) {
      expect(e).toBeInstanceOf(TowerAbortedError);
      expect(e.name).toBe('AbortError');
      expect(e.code).toBe('ABORTED');
    }
  });

  it('bounds the requests in flight', async () => {
    const server = await start(
      withLogin(async () => {
        await delay(40);
        return { json: { data: { labels: [] } } };
      }),
    );
    const client = createTowerClient(opts(server.url, { requestsInFlight: 3 }));
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => client.readExistingIds([`id${i}`])),
    );
    expect(server.maxConcurrent).toBe(3);
  });

  it('refuses oversized responses, declared or streamed, without reading them', async () => {
    let written = 0;
    let mode: 'declared' | 'streamed' = 'declared';
    const server = await start(
      withLogin(() => ({
        raw: res => {
          if (mode === 'declared') {
            res.writeHead(200, {
              'content-type': 'application/json',
              'content-length': String(500 * 1024 * 1024),
            });
            res.write('{"data":');
            return;
          }
          res.writeHead(200, { 'content-type': 'application/json' });
          const chunk = Buffer.alloc(64 * 1024, 'x');
          const pump = () => {
            while (written < 300 * 1024 * 1024 && !res.destroyed) {
              written += chunk.length;
              if (!res.write(chunk)) {
                res.once('drain', pump);
                return;
              }
            }
            res.end();
          };
          pump();
        },
      })),
    );
    const client = createTowerClient(
      opts(server.url, { maxResponseBytes: 1024 * 1024 }),
    );
    let e = await caught(client.checkLabels(['a']));
    expect(e).toBeInstanceOf(TowerResponseError);
    expect(e.code).toBe('RESPONSE_TOO_LARGE');
    mode = 'streamed';
    e = await caught(client.checkLabels(['a']));
    expect(e.code).toBe('RESPONSE_TOO_LARGE');
    await delay(100);
    expect(written).toBeLessThan(50 * 1024 * 1024);
  });

  it('reports connection refused and DNS failures', async () => {
    const s = await startRawServer(() => ({ json: {} }));
    await s.stop();
    let e = await caught(createTowerClient(opts(s.url)).checkLabels(['a']));
    expect(e).toBeInstanceOf(TowerUnreachableError);
    expect(e.code).toBe('ECONNREFUSED');
    expect(e.message).toBe(
      'Tower raw: login failed: connection refused (ECONNREFUSED)',
    );

    e = await caught(
      createTowerClient(opts('http://tower.invalid')).checkLabels(['a']),
    );
    expect(e).toBeInstanceOf(TowerUnreachableError);
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(e.code);
  });
});
