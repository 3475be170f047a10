import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createSelfSignedCert } from '@smartx-cape/cloudtower-simulator';
import { createTowerClient } from './TowerClient';
import { TowerRedirectError } from './errors';
import { RawServer, rawServersEachTest } from './__testUtils__/rawServer';
import {
  caught,
  labelRow,
  opts,
  withLogin,
} from './__testUtils__/clientHelpers';

/** A redirect to `target` carrying a query that must never show up in an error. */
const redirectTo = (status: number, target: RawServer) => ({
  raw: (res: import('node:http').ServerResponse) => {
    res.writeHead(status, {
      location: `${target.url}/api?token=leak-me&x=1`,
    });
    res.end('moved');
  },
});

describe('TowerClient never follows a redirect', () => {
  const start = rawServersEachTest();
  let elsewhere: RawServer;
  beforeEach(async () => {
    elsewhere = await start(
      withLogin(() => ({ json: { data: { labels: [labelRow('a')] } } })),
    );
  });

  it.each([307, 308])(
    'refuses a %i on login: the password never reaches the other origin',
    async status => {
      const tower = await start(() => redirectTo(status, elsewhere));
      const e = await caught(
        createTowerClient(opts(tower.url)).checkLabels(['a']),
      );
      expect(e).toBeInstanceOf(TowerRedirectError);
      expect(e.code).toBe('REDIRECT');
      expect(e.operation).toBe('login');
      expect(e.message).toBe(
        `Tower raw: login failed: HTTP ${status} redirect to ${elsewhere.url} refused (redirects are never followed)`,
      );
      expect(e.message).not.toContain('leak-me');
      expect(tower.requests).toHaveLength(1);
      expect(elsewhere.requests).toHaveLength(0);
    },
  );

  it.each([307, 308, 301, 302])(
    'refuses a %i on a query after a good login',
    async status => {
      const tower = await start(withLogin(() => redirectTo(status, elsewhere)));
      const client = createTowerClient(opts(tower.url));
      const e = await caught(client.checkLabels(['a']));
      expect(e).toBeInstanceOf(TowerRedirectError);
      expect((e as TowerRedirectError).status).toBe(status);
      expect((e as TowerRedirectError).targetOrigin).toBe(elsewhere.url);
      expect(e.operation).toBe('checkLabels');
      await client.close();
      expect(elsewhere.requests).toHaveLength(0);
    },
  );

  it('refuses an https to http downgrade and says so', async () => {
    const tls = await createSelfSignedCert();
    const secure = https.createServer(tls, (req, res) => {
      req.resume();
      redirectTo(308, elsewhere).raw(res);
    });
    await new Promise<void>(resolve => secure.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = secure.address() as AddressInfo;
      const e = await caught(
        createTowerClient(
          opts(`https://127.0.0.1:${port}`, { caCert: tls.cert }),
        ).checkLabels(['a']),
      );
      expect(e).toBeInstanceOf(TowerRedirectError);
      expect(e.message).toContain(
        `redirect to ${elsewhere.url} (an https to http downgrade) refused`,
      );
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      secure.closeAllConnections();
      await new Promise(resolve => secure.close(resolve));
    }
  }, 30_000);
});
