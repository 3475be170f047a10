import { ConfigReader } from '@backstage/config';
import { readCapeLabelsConfig } from './readConfig';
import { read, tower, towerOn } from './__testUtils__/readTestConfig';
import { TOWER_PASSWORD, TOWER_USERNAME } from '../__testUtils__/towerLogin';

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
      credentials: {
        kind: 'password',
        username: TOWER_USERNAME,
        password: TOWER_PASSWORD,
        userSource: 'LOCAL',
      },
      headers: {},
      skipTLSVerify: false,
      resourcePrefix: 'cape',
      dryRun: false,
      maxDeletesPerRun: 5000,
    });
    expect(read({ towers: { 'prod-a': tower } }).requestsInFlight).toBe(8);
    expect(read({}).maxConcurrentSweeps).toBe(4);
    expect(read({}).startSpread.as('minutes')).toBe(5);
    expect(read({ startSpread: '30s' }).startSpread.as('seconds')).toBe(30);
    expect(t.minAge.as('hours')).toBe(24);
    expect(t.confirmAfter.as('milliseconds')).toBe(0);
    expect(t.schedule).toMatchObject({
      frequency: { hours: 24 },
      timeout: { minutes: 30 },
      initialDelay: { minutes: 1 },
      scope: 'global',
    });
  });

  it('links notifications to /cape-labels unless notifications.pagePath moves the page', () => {
    const towers = { 'prod-a': tower };
    expect(read({ towers }).notificationsPagePath).toBe('/cape-labels');
    expect(
      read({ towers, notifications: { pagePath: '/ops/cape/' } })
        .notificationsPagePath,
    ).toBe('/ops/cape');
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

  it('reads owner and notify as full entity refs: notify defaults to the owner, no owner means nobody', () => {
    const [a, b, c] = read({
      towers: {
        a: tower,
        b: { ...towerOn('b'), owner: 'platform-team' },
        c: {
          ...towerOn('c'),
          owner: 'group:ops/sre',
          notify: ['alice', 'group:x'],
        },
      },
    }).towers;
    expect([a.owner, a.notify]).toEqual([null, []]);
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
          ...towerOn('b'),
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
        a: { ...towerOn('b'), title: 'Beta' },
      },
    }).towers.map(t => t.id);
    expect(ids).toEqual(['z', 'a']);
  });

  it('reads an API key, an LDAP login through a chosen config, and gateway headers', () => {
    const [withKey, ldap] = read({
      towers: {
        a: {
          server: tower.server,
          apiKey: 'ak-secret-1',
          headers: { 'x-bypass-whitelist': true, 'X-Team': 'gc', 'x-n': 3 },
        },
        b: {
          ...tower,
          server: 'https://tower-b.example.com',
          userSource: 'LDAP',
          authConfigId: 'ldap-cfg-2',
        },
      },
    }).towers;
    expect(withKey.credentials).toEqual({
      kind: 'apiKey',
      apiKey: 'ak-secret-1',
    });
    expect(withKey.headers).toEqual({
      'x-bypass-whitelist': 'true',
      'X-Team': 'gc',
      'x-n': '3',
    });
    expect(ldap.credentials).toEqual({
      kind: 'password',
      username: TOWER_USERNAME,
      password: TOWER_PASSWORD,
      userSource: 'LDAP',
      authConfigId: 'ldap-cfg-2',
    });
    expect(ldap.headers).toEqual({});
  });
});
