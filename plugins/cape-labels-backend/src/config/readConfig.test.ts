import { ConfigReader } from '@backstage/config';
import { readCapeLabelsConfig } from './readConfig';

const tower = {
  server: 'https://tower-a.example.com/',
  username: 'cape-gc',
  password: 'pw-secret-1',
};

function read(capeLabels: unknown) {
  return readCapeLabelsConfig(
    new ConfigReader({ capeLabels } as never, 'app-config.yaml'),
  );
}

function errorOf(capeLabels: unknown): string {
  try {
    read(capeLabels);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a config error');
}

describe('readCapeLabelsConfig', () => {
  it('gives no Towers without a capeLabels block', () => {
    expect(readCapeLabelsConfig(new ConfigReader({})).towers).toEqual([]);
  });

  it('applies the defaults', () => {
    const [t] = read({ towers: { 'prod-a': tower } }).towers;
    expect(t).toMatchObject({
      id: 'prod-a',
      title: 'prod-a',
      server: 'https://tower-a.example.com',
      userSource: 'LOCAL',
      skipTLSVerify: false,
      resourcePrefix: 'cape',
      dryRun: false,
      maxDeletesPerRun: 5000,
    });
    expect(t.minAge.as('hours')).toBe(24);
    expect(t.confirmAfter.as('milliseconds')).toBe(0);
    expect(t.schedule).toMatchObject({
      frequency: { hours: 24 },
      timeout: { minutes: 30 },
      initialDelay: { minutes: 1 },
      scope: 'global',
    });
  });

  it('keeps 200 runs per Tower, the routine keeps of the newest one (retention)', () => {
    const defaults = read({ towers: { a: tower } });
    expect([defaults.runsPerTower, defaults.routineKeepRuns]).toEqual([200, 1]);
    const set = read({
      retention: { runsPerTower: 50, routineKeepRuns: 3 },
      towers: { a: tower },
    });
    expect([set.runsPerTower, set.routineKeepRuns]).toEqual([50, 3]);
  });

  it('reads owner and notify as full entity refs, the owner by default', () => {
    const [a, b, c] = read({
      towers: {
        a: tower,
        b: { ...tower, owner: 'platform-team' },
        c: { ...tower, owner: 'group:ops/sre', notify: ['alice', 'group:x'] },
      },
    }).towers;
    expect([a.owner, a.notify]).toEqual([
      'group:default/unowned',
      ['group:default/unowned'],
    ]);
    expect([b.owner, b.notify]).toEqual([
      'group:default/platform-team',
      ['group:default/platform-team'],
    ]);
    expect([c.owner, c.notify]).toEqual([
      'group:ops/sre',
      ['user:default/alice', 'group:default/x'],
    ]);
  });

  it.each([[{ hours: 24 }], ['24h'], ['PT24H']])(
    'reads minAge %p as 24 hours',
    minAge => {
      expect(
        read({ minAge, towers: { a: tower } }).towers[0].minAge.as('hours'),
      ).toBe(24);
    },
  );

  it('lets a Tower override each of the five defaults', () => {
    const config = read({
      minAge: '2h',
      dryRun: false,
      maxDeletesPerRun: 10,
      confirmAfter: '1h',
      schedule: { frequency: { hours: 1 }, timeout: { minutes: 5 } },
      towers: {
        a: tower,
        b: {
          ...tower,
          minAge: '3h',
          dryRun: true,
          maxDeletesPerRun: 20,
          confirmAfter: 'PT0S',
          schedule: { frequency: { cron: '0 3 * * *' }, timeout: '10m' },
        },
      },
    });
    const [a, b] = config.towers;
    expect([
      a.minAge.as('hours'),
      a.dryRun,
      a.maxDeletesPerRun,
      a.confirmAfter.as('hours'),
    ]).toEqual([2, false, 10, 1]);
    expect(a.schedule.frequency).toEqual({ hours: 1 });
    expect([
      b.minAge.as('hours'),
      b.dryRun,
      b.maxDeletesPerRun,
      b.confirmAfter.as('hours'),
    ]).toEqual([3, true, 20, 0]);
    expect(b.schedule.frequency).toEqual({ cron: '0 3 * * *' });
  });

  it('orders Towers by title', () => {
    const ids = read({
      towers: {
        z: { ...tower, title: 'Alpha' },
        a: { ...tower, title: 'Beta' },
      },
    }).towers.map(t => t.id);
    expect(ids).toEqual(['z', 'a']);
  });

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
