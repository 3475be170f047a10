import { inspect } from 'node:util';
import { mockServices } from '@backstage/backend-test-utils';
import { createTowerClient } from './TowerClient';
import { TowerAuthError, TowerError, TowerGraphQLError } from './errors';
import { secretForms } from './scrub';
import { RawReply, rawServersEachTest } from './__testUtils__/rawServer';
import { opts, withLogin } from './__testUtils__/clientHelpers';
import {
  passwordCredentials,
  TOWER_API_KEY,
  TOWER_PASSWORD,
} from '../__testUtils__/towerLogin';

/** Every character JSON, URLs and HTML escape, and some that only \u escapes touch. */
const HARD_PASSWORD = `p"a\\ss/wörd<&>' +%é\u2028`;

async function failure(p: Promise<unknown>): Promise<TowerError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(TowerError);
    return e as TowerError;
  }
  throw new Error('expected a rejection');
}

function fullText(e: unknown): string {
  return `${inspect(e, { depth: 20, showHidden: true })}${JSON.stringify(e)}${String(e)}`;
}

describe('TowerClient keeps the login variables out of errors in every escaped form', () => {
  const start = rawServersEachTest();

  it.each([
    ['JSON-escaped', (v: unknown) => JSON.stringify(v)],
    ['JSON-escaped twice', (v: unknown) => JSON.stringify(JSON.stringify(v))],
    [
      'JSON-escaped to ASCII',
      (v: unknown) =>
        JSON.stringify(v).replace(
          /[^\x20-\x7e]/g,
          c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        ),
    ],
    [
      'URL-encoded',
      (v: unknown) =>
        `/login?password=${encodeURIComponent((v as { data: { password: string } }).data.password)}`,
    ],
    [
      'form-encoded',
      (v: unknown) =>
        new URLSearchParams({
          password: (v as { data: { password: string } }).data.password,
        }).toString(),
    ],
    [
      'HTML-escaped',
      (v: unknown) =>
        (v as { data: { password: string } }).data.password
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;')
          .replace(/'/g, '&#39;'),
    ],
  ])('when Tower echoes them %s', async (_name, echo) => {
    const server = await start(req => ({
      json: {
        data: null,
        errors: [
          {
            message: `Variable "$data" got invalid value ${echo(req.variables)}`,
            code: 'LOGIN_FAILED',
          },
        ],
      },
    }));
    const e = await failure(
      createTowerClient(
        opts(server.url, {
          credentials: passwordCredentials({ password: HARD_PASSWORD }),
        }),
      ).checkLabels(['a']),
    );
    expect(e).toBeInstanceOf(TowerAuthError);
    expect(e.message).toContain('***');
    const text = fullText(e);
    for (const form of secretForms(HARD_PASSWORD)) {
      expect(text).not.toContain(form);
    }
  });

  it('strips control and bidi characters from Tower text and bounds it', async () => {
    const server = await start(
      withLogin(() => ({
        json: {
          data: null,
          errors: [
            {
              message: `bad\n[error] forged line\r\u202eevil\u2066${'x'.repeat(100_000)}`,
              code: `CODE\u0007${'Y'.repeat(1000)}`,
            },
          ],
        },
      })),
    );
    const e = await failure(
      createTowerClient(opts(server.url)).checkLabels(['a']),
    );
    expect(e).toBeInstanceOf(TowerGraphQLError);
    expect(e.message).toMatch(
      /^Tower raw: checkLabels failed: bad \[error\] forged line {2}evil x+…$/,
    );
    expect(Buffer.byteLength(e.message)).toBeLessThan(1200);
    expect(e.code).toMatch(/^CODE Y+…$/);
    expect(Buffer.byteLength(e.code)).toBeLessThanOrEqual(128);
    expect(e.message).not.toMatch(/[\n\r\u202e\u2066]/);
  });
});

describe('TowerClient keeps every secret out of every error and log line', () => {
  const start = rawServersEachTest();
  const TOKEN = 'tok-Secret-Token-7';
  const HEADER_VALUE = 'gw-Header-Secret-9';
  const htmlEscape = (t: string) =>
    t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  /** Tower quoting everything it was sent, in each shape an error can take. */
  const echoes: Array<(t: string) => RawReply> = [
    t => ({ json: { errors: [{ message: t, code: t }] } }),
    t => ({ json: { errors: [{ message: t, extensions: { code: t } }] } }),
    t => ({ status: 400, json: { code: t, message: t, status: 400 } }),
    t => ({
      raw: res => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end(`<h1>${htmlEscape(t)}</h1>`);
      },
    }),
    t => ({
      raw: res => {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end(`Service Unavailable: ${t}`);
      },
    }),
    // Last: with an API key, a refusal ends the requests.
    t => ({ status: 401, json: { message: t } }),
  ];

  it.each([
    ['a password', opts('', {}).credentials],
    ['an API key', { kind: 'apiKey' as const, apiKey: TOWER_API_KEY }],
  ])('with %s', async (_name, credentials) => {
    let shape = 0;
    const server = await start(req => {
      if (req.operationName === 'CapeLabelsLogin') {
        return { json: { data: { login: { token: TOKEN } } } };
      }
      const quoted = JSON.stringify({ h: req.headers, v: req.variables });
      return echoes[shape++ % echoes.length](
        `${quoted} ${encodeURIComponent(quoted)}`,
      );
    });
    const logger = mockServices.logger.mock();
    const client = createTowerClient(
      opts(server.url, { credentials, headers: { 'x-gw': HEADER_VALUE } }),
      { logger },
    );
    const errors: unknown[] = [];
    for (let i = 0; i < echoes.length * 2; i++) {
      errors.push(await failure(client.checkLabels(['a'])));
    }
    await client.close();
    const logged = [logger.debug, logger.info, logger.warn, logger.error].map(
      l => l.mock.calls,
    );
    const text = `${errors.map(fullText).join('\n')}${JSON.stringify(logged)}`;
    for (const secret of [TOWER_PASSWORD, TOWER_API_KEY, TOKEN, HEADER_VALUE]) {
      for (const form of secretForms(secret)) expect(text).not.toContain(form);
    }
    expect(text).toContain('***');
  });
});
