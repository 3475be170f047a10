import { ConfigReader } from '@backstage/config';
import {
  normalisedServer,
  readCapeLabelsConfig,
  transportWarnings,
} from './readConfig';
import { errorOf, read, tower, towerOn } from './__testUtils__/readTestConfig';
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
    expect(read({ towers: { 'prod-a': tower } }).tuning.requestsInFlight).toBe(
      8,
    );
    expect(read({}).maxConcurrentSweeps).toBe(4);
    expect(read({}).startSpread).toBeUndefined();
    expect(read({ startSpread: '30s' }).startSpread?.as('seconds')).toBe(30);
    expect(read({}).tuning.holdersMaxAgeMs / 1000).toBe(5);
    expect(
      read({ holdersMaxAge: { seconds: 0 } }).tuning.holdersMaxAgeMs / 1000,
    ).toBe(0);
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
    const defaults = read({ towers: { a: tower } }).tuning.retention;
    expect([defaults.runs, defaults.routineRuns]).toEqual([200, 1]);
    const set = read({
      retention: { runsPerTower: 50, routineKeepRuns: 3 },
      towers: { a: tower },
    }).tuning.retention;
    expect([set.runs, set.routineRuns]).toEqual([50, 3]);
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

describe('readCapeLabelsConfig: bounds on what a Tower can do', () => {
  it('caps Tower answers at 8 MiB and its clock at 10 minutes ahead by default', () => {
    const config = read({ towers: { a: tower } }).tuning;
    expect(config.maxResponseBytes).toBe(8 * 1024 * 1024);
    expect(config.maxClockAheadMs / 60_000).toBe(10);
  });

  it('reads both in the usual forms', () => {
    const config = read({
      maxResponseBytes: 65536,
      maxClockAhead: '30s',
      towers: { a: tower },
    }).tuning;
    expect(config.maxResponseBytes).toBe(65536);
    expect(config.maxClockAheadMs / 1000).toBe(30);
    expect(read({ maxClockAhead: { minutes: 0 } }).tuning.maxClockAheadMs).toBe(
      0,
    );
  });

  it.each([
    [{ maxResponseBytes: 0 }, 'capeLabels.maxResponseBytes'],
    [{ maxResponseBytes: 1.5 }, 'capeLabels.maxResponseBytes'],
    [{ maxResponseBytes: 2 * 1024 ** 3 }, 'capeLabels.maxResponseBytes'],
    [{ maxClockAhead: 'soon' }, 'capeLabels.maxClockAhead'],
    [{ maxClockAhead: { minutes: -1 } }, 'capeLabels.maxClockAhead'],
  ])('refuses %j naming %s', (capeLabels, key) => {
    expect(errorOf(capeLabels)).toContain(key);
  });
});

const withServer = (server: string, over: object = {}) => ({
  towers: { a: { ...tower, server, ...over } },
});

describe('readCapeLabelsConfig: the way to a Tower', () => {
  it.each([
    'http://tower-a.example.com',
    'http://10.0.0.5:8080',
    'http://[fe80::1]',
    'http://127.0.0.1.example.com',
    'http://localhost.example.com',
  ])('refuses http:// to %s, naming the key and the opt-in', server => {
    expect(errorOf(withServer(server))).toBe(
      'capeLabels.towers.a.server: must be https:// (http:// sends the Tower password in clear); set capeLabels.towers.a.allowInsecure: true to accept that',
    );
  });

  it.each([
    'http://127.0.0.1:8801',
    'http://127.1.2.3',
    'http://localhost:7007/',
    'http://LOCALHOST',
    'http://[::1]:8080',
  ])('accepts http:// to the loopback host %s, unmarked', server => {
    const [t] = read(withServer(server)).towers;
    expect(t.transport).toEqual({});
    expect(transportWarnings(t)).toEqual([]);
  });

  it('accepts http:// off this machine with allowInsecure, marked and warned', () => {
    const [t] = read(
      withServer('http://tower-a.example.com', { allowInsecure: true }),
    ).towers;
    expect(t.transport).toEqual({ insecure: true });
    expect(transportWarnings(t)).toEqual([
      'Tower a: server is http:// (allowInsecure): its password and token cross the network in clear',
    ]);
  });

  it('marks and warns skipTLSVerify', () => {
    const [t] = read(
      withServer('https://tower-a.example.com', { skipTLSVerify: true }),
    ).towers;
    expect(t).toMatchObject({
      skipTLSVerify: true,
      transport: { skipTLSVerify: true },
    });
    expect(transportWarnings(t)).toEqual([
      'Tower a: skipTLSVerify is on: anyone between this backend and Tower can pose as Tower and read its password; set caCert instead',
    ]);
  });

  it('leaves a verified https:// Tower unmarked', () => {
    expect(
      read(withServer('https://tower-a.example.com')).towers[0],
    ).toMatchObject({ transport: {}, skipTLSVerify: false });
  });

  it.each([
    'https://tower-a.example.com/?x=1',
    'https://tower-a.example.com?',
    'https://tower-a.example.com/#frag',
    'https://tower-a.example.com/tower#',
  ])('refuses a query or fragment in %s', server => {
    expect(errorOf(withServer(server))).toBe(
      'capeLabels.towers.a.server: must not have a query (?) or fragment (#)',
    );
  });

  it('refuses a non-boolean allowInsecure naming it', () => {
    expect(
      errorOf(
        withServer('http://tower-a.example.com', {
          allowInsecure: 'sometimes',
        }),
      ),
    ).toContain('capeLabels.towers.a.allowInsecure');
  });
});

describe('readCapeLabelsConfig: one Tower, one id', () => {
  it.each([
    ['https://tower-a.example.com', 'https://tower-a.example.com/'],
    ['https://tower-a.example.com', 'HTTPS://Tower-A.Example.COM'],
    ['https://tower-a.example.com', 'https://tower-a.example.com:443'],
    ['https://tower-a.example.com', 'https://tower-a.example.com.'],
    ['http://127.0.0.1:80/', 'http://127.0.0.1'],
    ['http://tower-a.example.com', 'https://tower-a.example.com'],
    ['http://tower-a.example.com:8080', 'https://tower-a.example.com:8080'],
    [
      'https://tower-a.example.com/tower',
      'https://tower-a.example.com//tower/',
    ],
    [
      'https://tower-a.example.com/a/../tower',
      'https://tower-a.example.com/tower',
    ],
  ])(
    'refuses %s and %s under two ids with the same prefix, naming both',
    (a, b) => {
      expect(
        errorOf({
          towers: {
            'prod-b': { ...tower, server: b, allowInsecure: true },
            'prod-a': { ...tower, server: a, allowInsecure: true },
          },
        }),
      ).toMatch(
        /^capeLabels\.towers\.prod-a and capeLabels\.towers\.prod-b: the same Tower \(\S+\) and resourcePrefix \(cape\) under two ids/,
      );
    },
  );

  it('accepts the same server with two prefixes, and two servers with one prefix', () => {
    const config = read({
      towers: {
        a: { ...tower, server: 'https://tower-a.example.com' },
        b: {
          ...tower,
          server: 'https://tower-a.example.com',
          resourcePrefix: 'sks',
        },
        c: { ...tower, server: 'https://tower-a.example.com:8443' },
        d: { ...tower, server: 'https://tower-a.example.com/other' },
      },
    });
    expect(config.towers.map(t => t.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('normalises away scheme, host case, default port, trailing slashes and dot segments', () => {
    expect(normalisedServer('HTTPS://Tower.Example.com:443/Api/../x//y/')).toBe(
      'tower.example.com/x/y',
    );
    expect(normalisedServer('http://Tower.Example.com./x')).toBe(
      'tower.example.com/x',
    );
  });
});
