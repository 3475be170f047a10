import { mockServices } from '@backstage/backend-test-utils';
import { createTowerClient } from './TowerClient';
import { TowerAuthError, TowerGraphQLError, TowerHttpError } from './errors';
import { RawReply, rawServersEachTest } from './__testUtils__/rawServer';
import { caught, opts, withLogin } from './__testUtils__/clientHelpers';
import { TOWER_PASSWORD } from '../__testUtils__/towerLogin';

const html = (status: number, body: string): RawReply => ({
  raw: res => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(body);
  },
});

describe('TowerClient reads errors in the shapes real Towers and gateways send', () => {
  const start = rawServersEachTest();

  const failWith = async (reply: RawReply) => {
    const server = await start(withLogin(() => reply));
    return caught(createTowerClient(opts(server.url)).checkLabels(['a']));
  };

  it.each([
    [
      'at the top level',
      { message: 'no way', code: 'LABEL_IN_USE' },
      'LABEL_IN_USE',
    ],
    [
      'under extensions',
      { message: 'no way', extensions: { code: 'LABEL_IN_USE' } },
      'LABEL_IN_USE',
    ],
    ['written as a number', { message: 'no way', code: 40001 }, '40001'],
  ])('takes a GraphQL error code %s', async (_n, error, code) => {
    const e = await failWith({ json: { data: null, errors: [error] } });
    expect(e).toBeInstanceOf(TowerGraphQLError);
    expect(e.code).toBe(code);
    expect(e.message).toBe(`Tower raw: checkLabels failed: no way (${code})`);
  });

  it.each(['NOT_MATCH_USER', 'PERMISSION_DENIED'])(
    'takes %s as a refused login or token, not as a refusal of the request',
    async code => {
      const e = await failWith({
        json: { data: null, errors: [{ message: 'not yours', code }] },
      });
      expect(e).toBeInstanceOf(TowerAuthError);
      expect(e.code).toBe(code);
    },
  );

  it("reads a JSON ErrorBody's numeric code on a 5xx", async () => {
    const e = await failWith({
      status: 500,
      json: { code: 1003, message: 'resource is locked', status: 500 },
    });
    expect(e).toBeInstanceOf(TowerHttpError);
    expect(e).toMatchObject({ status: 500, towerCode: '1003' });
  });

  it("keeps a JSON ErrorBody's code and words on a 4xx, scrubbed", async () => {
    const e = await failWith({
      status: 400,
      json: {
        code: 'ResourceLocked',
        message: `label is locked (login ${TOWER_PASSWORD})`,
        status: 400,
        path: '/api',
      },
    });
    expect(e).toBeInstanceOf(TowerHttpError);
    expect((e as TowerHttpError).status).toBe(400);
    expect((e as TowerHttpError).towerCode).toBe('ResourceLocked');
    expect(e.code).toBe('HTTP_400');
    expect(e.message).toBe(
      'Tower raw: checkLabels failed: HTTP 400 Bad Request (ResourceLocked): label is locked (login ***)',
    );
  });

  it("takes a gateway's HTML 5xx page as its text, tags stripped, scrubbed and bounded", async () => {
    const e = await failWith(
      html(
        502,
        `<html><head><title>502 Bad Gateway</title><style>h1{x:y}</style></head>
         <body><script>var p = 1;</script><h1>Bad&nbsp;Gateway</h1><!-- ${TOWER_PASSWORD} -->
         <p>upstream &lt;tower&gt; said ${TOWER_PASSWORD.replace(/"/g, '&quot;')}</p>
         <p>${'padding '.repeat(20_000)}</p></body></html>`,
      ),
    );
    expect(e).toBeInstanceOf(TowerHttpError);
    expect(e.code).toBe('HTTP_502');
    expect(e.message).toMatch(
      /^Tower raw: checkLabels failed: HTTP 502 Bad Gateway: 502 Bad Gateway Bad Gateway upstream <tower> said \*\*\* padding padding .*…$/,
    );
    expect(e.message).not.toMatch(/var p|h1\{/);
    expect(Buffer.byteLength(e.message)).toBeLessThan(700);
  });

  it('never quotes the part of a secret before the cut of a body read only in part', async () => {
    const e = await failWith({
      raw: res => {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end(
          `${' '.repeat(64 * 1024 - 10)}${TOWER_PASSWORD}${'y'.repeat(9000)}`,
        );
      },
    });
    expect(e).toBeInstanceOf(TowerHttpError);
    expect(e.message).not.toContain(TOWER_PASSWORD.slice(0, 6));
  });

  it('scrubs a secret Tower puts in an error code', async () => {
    const e = await failWith({
      json: { errors: [{ message: 'x', code: `E_${TOWER_PASSWORD}` }] },
    });
    expect(e.code).toBe('E_***');
  });

  it.each<[string, RawReply]>([
    ['HTTP 401', { status: 401, json: { message: 'Unauthorized' } }],
    [
      'a JSON ErrorBody with LOAD_TOKEN_FAILED',
      { status: 400, json: { code: 'LOAD_TOKEN_FAILED', message: 'x' } },
    ],
    [
      'LOAD_TOKEN_FAILED under extensions',
      {
        json: {
          errors: [{ message: 'x', extensions: { code: 'LOAD_TOKEN_FAILED' } }],
        },
      },
    ],
  ])('logs in again once on %s, then gives up', async (_n, refusal) => {
    let refusals = 1;
    const server = await start(
      withLogin(() =>
        refusals-- > 0
          ? refusal
          : { json: { data: { labels: [{ id: 'a' }] } } },
      ),
    );
    const logins = () =>
      server.requests.filter(r => r.operationName === 'CapeLabelsLogin');
    const client = createTowerClient(opts(server.url));
    await expect(client.readExistingIds(['a'])).resolves.toEqual(['a']);
    expect(logins()).toHaveLength(2);

    refusals = 1000;
    const e = await caught(client.readExistingIds(['a']));
    expect(e).toBeInstanceOf(TowerAuthError);
    expect(e.message).toMatch(/token rejected again after a fresh login/);
    expect(logins()).toHaveLength(3);
  });

  it('keeps the token out of a logout error that quotes it', async () => {
    const server = await start(req =>
      req.operationName === 'CapeLabelsLogout'
        ? {
            status: 500,
            json: { message: `cannot revoke ${req.headers.authorization}` },
          }
        : withLogin(() => ({ json: { data: { labels: [] } } }))(req),
    );
    const logger = mockServices.logger.mock();
    const client = createTowerClient(opts(server.url), { logger });
    await client.checkLabels(['a']);
    await client.close();
    const debug = JSON.stringify(logger.debug.mock.calls);
    expect(debug).toContain('logout failed (ignored)');
    expect(debug).toContain('cannot revoke ***');
    expect(debug).not.toContain('tok-1');
  });
});
