import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import {
  createSelfSignedCert,
  startSimulator,
  type RunningSimulator,
} from '@smartx-cape/cloudtower-simulator';
import {
  EnvHttpProxyAgent,
  getGlobalDispatcher,
  setGlobalDispatcher,
} from 'undici';
import { createTowerClient } from './TowerClient';
import { KEYS, listAll, OLD, opts, users } from './__testUtils__/simHelpers';
import { TOWER_PASSWORD } from '../__testUtils__/towerLogin';

/** A name that resolves nowhere but in the proxy below, where it is 127.0.0.1: a Tower off this machine. */
const REMOTE_TOWER = 'tower.proxied.test';

/**
 * A real HTTP proxy on 127.0.0.1 (CONNECT tunnels; requests forwarded in clear are refused):
 * records each tunnel, each forwarded request and every byte sent through either.
 */
async function startConnectProxy() {
  const tunnels: string[] = [];
  const forwarded: string[] = [];
  const sent: Buffer[] = [];
  const server: Server = createServer((req, res) => {
    forwarded.push(req.url ?? '');
    req.on('data', (chunk: Buffer) => sent.push(chunk));
    req.on('end', () => res.writeHead(405).end());
  });
  server.on('connect', (req, client, head) => {
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const target = host === REMOTE_TOWER ? '127.0.0.1' : host;
    const upstream = connect(Number(port), target, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      client.on('data', (chunk: Buffer) => sent.push(chunk));
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    forwarded,
    sentText: () => Buffer.concat(sent).toString('latin1'),
    forget: () => {
      tunnels.length = 0;
      forwarded.length = 0;
      sent.length = 0;
    },
    stop: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const PROXY_ENV = [
  'NODE_USE_ENV_PROXY',
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'NO_PROXY',
  'no_proxy',
];

describe("Tower requests through the process's proxy", () => {
  let sim: RunningSimulator;
  let cert: string;
  let proxy: Awaited<ReturnType<typeof startConnectProxy>>;
  const saved = new Map(PROXY_ENV.map(k => [k, process.env[k]]));
  const originalDispatcher = getGlobalDispatcher();

  beforeAll(async () => {
    const tls = await createSelfSignedCert({ dnsNames: [REMOTE_TOWER] });
    cert = tls.cert;
    sim = await startSimulator({ users, tls });
    sim.admin.createLabel({ key: 'cape-vip', createdAt: OLD });
    proxy = await startConnectProxy();
  }, 30_000);
  beforeEach(() => {
    PROXY_ENV.forEach(k => delete process.env[k]);
    proxy.forget();
  });
  afterEach(() => {
    setGlobalDispatcher(originalDispatcher);
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
  afterAll(async () => {
    await proxy.stop();
    await sim.stop();
  });

  const remoteUrl = () => {
    const url = new URL(sim.url);
    url.hostname = REMOTE_TOWER;
    return url.origin;
  };
  const simHost = () => new URL(remoteUrl()).host;
  const listThroughClient = async (server = remoteUrl()) => {
    const client = createTowerClient(opts(sim, { caCert: cert, server }));
    try {
      return await listAll(client, KEYS);
    } finally {
      await client.close();
    }
  };

  it('NODE_USE_ENV_PROXY=1: an https Tower is reached through HTTPS_PROXY by CONNECT, its caCert kept, nothing in clear', async () => {
    process.env.NODE_USE_ENV_PROXY = '1';
    process.env.HTTPS_PROXY = proxy.url;
    await expect(listThroughClient()).resolves.toHaveLength(1);
    expect(proxy.tunnels.length).toBeGreaterThan(0);
    expect(new Set(proxy.tunnels)).toEqual(new Set([simHost()]));
    // TLS inside the tunnel: the proxy sees a handshake, never the password or the query.
    const text = proxy.sentText();
    expect(text.charCodeAt(0)).toBe(0x16);
    expect(text).not.toContain(TOWER_PASSWORD);
    expect(text).not.toContain('CapeLabels');
  });

  it("undici's EnvHttpProxyAgent as the global dispatcher: the same", async () => {
    process.env.HTTPS_PROXY = proxy.url;
    setGlobalDispatcher(new EnvHttpProxyAgent());
    await expect(listThroughClient()).resolves.toHaveLength(1);
    expect(new Set(proxy.tunnels)).toEqual(new Set([simHost()]));
  });

  // Reached directly, the Tower's name resolves nowhere: the client's own lookup fails.
  it('NO_PROXY naming the Tower: reached directly', async () => {
    process.env.NODE_USE_ENV_PROXY = '1';
    process.env.HTTPS_PROXY = proxy.url;
    process.env.NO_PROXY = REMOTE_TOWER;
    await expect(listThroughClient()).rejects.toThrow(/ENOTFOUND/);
    expect(proxy.tunnels).toEqual([]);
  });

  it('a proxy in the environment the process does not use: reached directly, as before', async () => {
    process.env.HTTPS_PROXY = proxy.url;
    await expect(listThroughClient()).rejects.toThrow(/ENOTFOUND/);
    expect(proxy.tunnels).toEqual([]);
  });

  describe('a Tower on a loopback address: always reached directly', () => {
    let plainSim: RunningSimulator;
    beforeAll(async () => {
      plainSim = await startSimulator({ users });
      plainSim.admin.createLabel({ key: 'cape-vip', createdAt: OLD });
    });
    afterAll(() => plainSim.stop());

    const useProxy: Array<[string, () => void]> = [
      ['NODE_USE_ENV_PROXY=1', () => (process.env.NODE_USE_ENV_PROXY = '1')],
      [
        'a global EnvHttpProxyAgent',
        () => setGlobalDispatcher(new EnvHttpProxyAgent()),
      ],
    ];
    it.each(useProxy)(
      '%s with HTTP_PROXY and HTTPS_PROXY: no byte of an http:// or https:// loopback Tower, its password least of all, reaches the proxy',
      async (_name, useEnvProxy) => {
        process.env.HTTP_PROXY = proxy.url;
        process.env.HTTPS_PROXY = proxy.url;
        useEnvProxy();
        const plain = createTowerClient(opts(plainSim));
        try {
          await expect(listAll(plain, KEYS)).resolves.toHaveLength(1);
        } finally {
          await plain.close();
        }
        await expect(listThroughClient(sim.url)).resolves.toHaveLength(1);
        expect(proxy.tunnels).toEqual([]);
        expect(proxy.forwarded).toEqual([]);
        expect(proxy.sentText()).not.toContain(TOWER_PASSWORD);
        expect(proxy.sentText()).toBe('');
      },
    );
  });
});
