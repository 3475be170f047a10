import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringifyError } from '@backstage/errors';

export type RawRequest = {
  headers: http.IncomingHttpHeaders;
  query: string;
  operationName?: string;
  variables: Record<string, unknown>;
};

/** What a handler returns: a JSON body (status 200) or full control over the response. */
export type RawReply =
  | { json: unknown; status?: number }
  | { raw: (res: http.ServerResponse) => void };

export type RawServer = {
  url: string;
  requests: RawRequest[];
  /** Largest number of requests the server was handling at once. */
  maxConcurrent: number;
  stop(): Promise<void>;
};

/** A tiny GraphQL-shaped HTTP server for faults the simulator may not offer. */
export async function startRawServer(
  handler: (req: RawRequest) => RawReply | Promise<RawReply>,
): Promise<RawServer> {
  const requests: RawRequest[] = [];
  let active = 0;
  const state = { maxConcurrent: 0 };
  const server = http.createServer((req, res) => {
    active += 1;
    state.maxConcurrent = Math.max(state.maxConcurrent, active);
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        active -= 1;
      }
    };
    res.on('close', finish);
    const chunks: Buffer[] = [];
    req.on('data', c => chunks.push(c));
    req.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const parsed: RawRequest = {
        headers: req.headers,
        query: body.query ?? '',
        operationName: body.operationName,
        variables: body.variables ?? {},
      };
      requests.push(parsed);
      try {
        const reply = await handler(parsed);
        if ('raw' in reply) {
          reply.raw(res);
        } else {
          res.writeHead(reply.status ?? 200, {
            'content-type': 'application/json',
          });
          res.end(JSON.stringify(reply.json));
        }
      } catch (e) {
        res.writeHead(500);
        res.end(stringifyError(e));
      }
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get maxConcurrent() {
      return state.maxConcurrent;
    },
    stop: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `start` for raw servers stopped after each test (a test may start several), as
 * `simulatorEachTest` does for the simulator.
 */
export function rawServersEachTest() {
  const servers: RawServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(s => s.stop()));
  });
  return async (
    handler: (req: RawRequest) => RawReply | Promise<RawReply>,
  ): Promise<RawServer> => {
    const server = await startRawServer(handler);
    servers.push(server);
    return server;
  };
}

export const delay = (ms: number) => new Promise(r => setTimeout(r, ms));
