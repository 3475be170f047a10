import { DEFAULT_LDAP_STRATEGY_ID } from '@smartx-cape/cloudtower-simulator';
import type { RunNote } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerLogin } from '../cloudtower/TowerClient';
import { ldapCredentials, LDAP_USER } from '../__testUtils__/towerLogin';
import { createHarness, stoppedAfterEach } from './__testUtils__/sweepHarness';

jest.setTimeout(30_000);

describe('a run notes how it got into Tower', () => {
  const make = stoppedAfterEach(createHarness);

  it.each<[string, TowerLogin | undefined, RunNote[]]>([
    [
      'LDAP through AUTHN',
      { method: 'password', source: 'AUTHN', authConfigId: 'ldap-7' },
      [
        {
          code: 'LOGIN_LDAP_AUTHN',
          params: { authConfigId: 'ldap-7' },
          message: 'logged in as LDAP user through AUTHN (config ldap-7)',
        },
      ],
    ],
    [
      'LDAP on a Tower without authnStrategies',
      { method: 'password', source: 'LDAP', reason: 'no-authn-strategies' },
      [
        {
          code: 'LOGIN_LDAP_NO_AUTHN_STRATEGIES',
          message:
            'logged in as LDAP user with source LDAP (Tower has no authnStrategies)',
        },
      ],
    ],
    [
      'LDAP when authnStrategies lists no LDAP config',
      { method: 'password', source: 'LDAP', reason: 'no-ldap-config' },
      [
        {
          code: 'LOGIN_LDAP_NO_LDAP_CONFIG',
          message:
            'logged in as LDAP user with source LDAP (authnStrategies lists no LDAP config)',
        },
      ],
    ],
    [
      'an API key',
      { method: 'apiKey' },
      [
        {
          code: 'LOGIN_API_KEY',
          message: 'authenticated with an API key (no login)',
        },
      ],
    ],
    ['LOCAL (as before: no note)', { method: 'password', source: 'LOCAL' }, []],
    ['a client that does not say', undefined, []],
  ])('%s', async (_name, login, expected) => {
    const h = await make({
      wrapClient: () => ({ loginUsed: () => login }),
    });
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(run.notes ?? []).toEqual(expected);
  });
});

describe('a sweep of an LDAP user records the way it logged in', () => {
  const harness = stoppedAfterEach((towerVersion: 'current' | 'legacy') =>
    createHarness({
      simulator: {
        towerVersion,
        users: [LDAP_USER],
      },
      tower: { credentials: ldapCredentials() },
    }),
  );

  it.each([
    [
      'current',
      `logged in as LDAP user through AUTHN (config ${DEFAULT_LDAP_STRATEGY_ID})`,
      [],
    ],
    [
      'legacy',
      'logged in as LDAP user with source LDAP (Tower has no authnStrategies)',
      // A legacy Tower's run also says which built-in relations it lacks.
      [expect.stringMatching(/^Tower's Label lacks built-in relations/)],
    ],
  ] as const)('on a %s Tower: %s', async (towerVersion, note, more) => {
    const h = await harness(towerVersion);
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(run.notes?.map(n => n.message)).toEqual([note, ...more]);
  });
});
