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
      { towers: { a: { server: tower.server, username: 'u' } } },
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
      errorOf({ towers: { a: { ...tower, server: 'pw-secret-1' } } }),
    ).not.toContain('pw-secret-1');
  });
});
