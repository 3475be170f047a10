import { errorOf, tower } from './__testUtils__/readTestConfig';

describe('readCapeLabelsConfig: invalid configs', () => {
  it.each([
    [
      { towers: { 'prod-a': { ...tower, server: 'ftp://x' } } },
      'capeLabels.towers.prod-a.server: must be an http(s) URL',
    ],
    [
      { towers: { 'prod-a': { ...tower, server: 'not a url' } } },
      'capeLabels.towers.prod-a.server: must be an http(s) URL',
    ],
    [{ towers: { Prod_A: tower } }, 'capeLabels.towers.Prod_A'],
    [
      { towers: { a: tower }, notifications: { pagePath: 'cape-labels' } },
      'capeLabels.notifications.pagePath: must be a path of the app',
    ],
    [
      {
        towers: { a: tower },
        notifications: { pagePath: '//evil.example.com' },
      },
      'capeLabels.notifications.pagePath',
    ],
    ...[
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/cape\nlabels',
      '/cape\u0000labels',
      '/cape\u202elabels',
      'https://evil.example/cape-labels',
      'data:text/html,x',
    ].map((pagePath): [object, string] => [
      { towers: { a: tower }, notifications: { pagePath } },
      'capeLabels.notifications.pagePath: must be a path of the app',
    ]),
    [
      { notifications: { language: 'zh' }, towers: { a: tower } },
      "capeLabels.notifications.language: must be one of en, zh-CN, not 'zh'",
    ],
    [
      { towers: { a: { ...tower, userSource: 'AD' } } },
      'capeLabels.towers.a.userSource',
    ],
    [
      { towers: { a: { ...tower, resourcePrefix: 'CAPE!' } } },
      'capeLabels.towers.a.resourcePrefix',
    ],
    [
      { towers: { a: { ...tower, caCert: 'hello' } } },
      'capeLabels.towers.a.caCert',
    ],
    [
      { towers: { a: { ...tower, username: '' } } },
      'capeLabels.towers.a.username',
    ],
    [
      { towers: { a: { server: tower.server, username: tower.username } } },
      'capeLabels.towers.a.password',
    ],
    [{ minAge: 0, towers: { a: tower } }, 'capeLabels.minAge'],
    [{ minAge: '0s', towers: { a: tower } }, 'capeLabels.minAge'],
    [
      { towers: { a: { ...tower, minAge: 'PT0S' } } },
      'capeLabels.towers.a.minAge',
    ],
    [
      { towers: { a: { ...tower, minAge: { hours: -1 } } } },
      'capeLabels.towers.a.minAge',
    ],
    [{ minAge: 'soon', towers: { a: tower } }, 'capeLabels.minAge'],
    [
      { confirmAfter: { hours: -2 }, towers: { a: tower } },
      'capeLabels.confirmAfter',
    ],
    [
      { maxDeletesPerRun: 0, towers: { a: tower } },
      'capeLabels.maxDeletesPerRun',
    ],
    [
      { towers: { a: { ...tower, maxDeletesPerRun: 1.5 } } },
      'capeLabels.towers.a.maxDeletesPerRun',
    ],
    [
      { towers: { a: { ...tower, maxDeletesPerRun: 'many' } } },
      'capeLabels.towers.a.maxDeletesPerRun',
    ],
    [{ dryRun: 'maybe', towers: { a: tower } }, 'capeLabels.dryRun'],
    [
      { towers: { a: { ...tower, skipTLSVerify: 'sometimes' } } },
      'capeLabels.towers.a.skipTLSVerify',
    ],
    [
      { towers: { a: { ...tower, schedule: { frequency: 'often' } } } },
      'capeLabels.towers.a.schedule',
    ],
    [
      {
        schedule: { frequency: { hours: 1 }, timeout: 'x' },
        towers: { a: tower },
      },
      'capeLabels.schedule',
    ],
    [{ pageSize: 5000, towers: { a: tower } }, 'capeLabels.pageSize'],
    [{ requestsInFlight: 0 }, 'capeLabels.requestsInFlight'],
    [{ maxConcurrentSweeps: 0 }, 'capeLabels.maxConcurrentSweeps'],
    [{ maxConcurrentSweeps: 2.5 }, 'capeLabels.maxConcurrentSweeps'],
    [{ startSpread: 'soon' }, 'capeLabels.startSpread'],
    [{ startSpread: { minutes: -1 } }, 'capeLabels.startSpread'],
    [{ startSpread: { days: 2 } }, 'capeLabels.startSpread'],
    [{ holdersMaxAge: 'fresh' }, 'capeLabels.holdersMaxAge'],
    [{ holdersMaxAge: { seconds: -1 } }, 'capeLabels.holdersMaxAge'],
    [{ holdersMaxAge: { minutes: 5 } }, 'capeLabels.holdersMaxAge'],
    [{ retention: { runsPerTower: -1 } }, 'capeLabels.retention.runsPerTower'],
    [
      { retention: { routineKeepRuns: 0 } },
      'capeLabels.retention.routineKeepRuns',
    ],
    [
      { retention: { routineKeepRuns: 1.5 } },
      'capeLabels.retention.routineKeepRuns',
    ],
    [{ towers: ['a'] }, 'capeLabels.towers'],
    [
      { towers: { a: { ...tower, owner: 'group:a:b:c' } } },
      'capeLabels.towers.a.owner',
    ],
    [
      { towers: { a: { ...tower, notify: ['ok', ''] } } },
      'capeLabels.towers.a.notify[1]',
    ],
  ])('rejects %j naming %s', (capeLabels, key) => {
    expect(errorOf(capeLabels)).toContain(key);
  });

  it.each([
    'https://gc:url-pass-9@tower-a.example.com',
    'https://gc@tower-a.example.com',
    'https://:url-pass-9@tower-a.example.com',
  ])(
    'rejects credentials in the server URL %s, without echoing them',
    server => {
      const error = errorOf({ towers: { a: { ...tower, server } } });
      expect(error).toBe(
        'capeLabels.towers.a.server: must not carry credentials (user:password@); set username and password instead',
      );
      expect(error).not.toMatch(/url-pass-9|gc@/);
    },
  );

  it('never puts the password in an error', () => {
    expect(
      errorOf({ towers: { a: { ...tower, server: tower.password } } }),
    ).not.toContain(tower.password);
  });
});

describe('readCapeLabelsConfig: invalid credentials and headers', () => {
  const bare = { server: tower.server };
  const key = { ...bare, apiKey: 'ak-secret-1' };
  it.each([
    [
      { ...key, username: tower.username, password: tower.password },
      'capeLabels.towers.a: set either apiKey or username and password, not both',
    ],
    [
      { ...key, password: tower.password },
      'capeLabels.towers.a: set either apiKey or username and password, not both',
    ],
    [bare, 'capeLabels.towers.a: set username and password, or apiKey'],
    [{ ...bare, apiKey: ' ' }, 'capeLabels.towers.a.apiKey: must not be empty'],
    [
      { ...bare, apiKey: 'ak-secret-1\r\nX-Evil: 1' },
      'capeLabels.towers.a.apiKey: must be visible ASCII characters (it is sent as the Authorization header)',
    ],
    [
      { ...key, userSource: 'LDAP' },
      'capeLabels.towers.a.userSource: applies to username and password only, not to apiKey',
    ],
    [
      { ...key, authConfigId: 'c1' },
      'capeLabels.towers.a.authConfigId: applies to username and password only, not to apiKey',
    ],
    [
      { ...tower, authConfigId: 'c1' },
      'capeLabels.towers.a.authConfigId: applies to userSource LDAP only',
    ],
    [
      { ...tower, userSource: 'LDAP', authConfigId: ' ' },
      'capeLabels.towers.a.authConfigId: must not be empty',
    ],
    [
      { ...tower, headers: 'x-a: 1' },
      'capeLabels.towers.a.headers: must be a map of header name to value',
    ],
    [
      { ...tower, headers: { 'bad name': 'v' } },
      'capeLabels.towers.a.headers: "bad name" is not a valid header name',
    ],
    [
      { ...tower, headers: { 'x-a': 'one', 'X-A': 'two' } },
      'capeLabels.towers.a.headers.X-A: set twice (header names ignore case)',
    ],
    [
      { ...tower, headers: { 'x-a': ['v'] } },
      'capeLabels.towers.a.headers.x-a: must be a string',
    ],
  ])('rejects %j: %s', (towerConfig, message) => {
    const error = errorOf({ towers: { a: towerConfig } });
    expect(error).toBe(message);
    expect(error).not.toContain('ak-secret-1');
    expect(error).not.toContain(tower.password);
  });

  it.each([
    'Authorization',
    'content-type',
    'Content-Length',
    'HOST',
    'Transfer-Encoding',
  ])('refuses the header %s, which the client owns', name => {
    expect(
      errorOf({ towers: { a: { ...tower, headers: { [name]: 'v' } } } }),
    ).toMatch(
      new RegExp(
        `^capeLabels\\.towers\\.a\\.headers\\.${name}: the client sets ${name.toLowerCase()} itself`,
      ),
    );
  });

  it('refuses a header value with a line break without quoting it', () => {
    const error = errorOf({
      towers: {
        a: { ...tower, headers: { 'x-gw': 'gw-secret-1\nHost: evil' } },
      },
    });
    expect(error).toBe(
      'capeLabels.towers.a.headers.x-gw: must be visible ASCII characters, spaces or tabs (no line breaks)',
    );
  });
});
