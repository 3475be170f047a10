import { TowerAuthError } from './errors';
import {
  KEYS,
  listAll,
  logins,
  OLD,
  rejection,
  simulatorEachTest,
} from './__testUtils__/simHelpers';
import {
  ldapCredentials,
  passwordCredentials,
  TOWER_PASSWORD,
} from '../__testUtils__/towerLogin';

describe('TowerClient login and session against the CloudTower simulator', () => {
  const t = simulatorEachTest();
  it('logs in with LOCAL and LDAP users, once per client, and logs out on close', async () => {
    t.sim.admin.createLabel({
      key: 'cape-vip',
      value: '10.0.0.1',
      createdAt: OLD,
    });
    const client = t.connect();
    await Promise.all(Array.from({ length: 8 }, () => listAll(client, KEYS)));
    await client.checkLabels(['nope']);
    expect(logins(t.sim)).toHaveLength(1);
    const tokenIds = new Set(
      t.sim.admin
        .requestLog()
        .filter(r => !r.rootFields.includes('login'))
        .map(r => r.tokenId),
    );
    expect(tokenIds.size).toBe(1);
    expect([...tokenIds][0]).not.toBeNull();

    const ldap = t.connect({ credentials: ldapCredentials() });
    await expect(listAll(ldap, KEYS)).resolves.toHaveLength(1);
    await ldap.close();
    await client.close();
    expect(
      t.sim.admin.requestLog().filter(r => r.rootFields.includes('logout')),
    ).toHaveLength(2);
  });

  it('rejects wrong passwords and wrong user sources with TowerAuthError', async () => {
    const client = t.connect({
      credentials: passwordCredentials({ password: `${TOWER_PASSWORD}-wrong` }),
    });
    let e = await rejection(client.checkLabels(['x']));
    expect(e).toBeInstanceOf(TowerAuthError);
    expect(e.code).toBe('LOGIN_FAILED');
    expect(e.message).toMatch(/^Tower sim: login failed: /);
    const ldapAsLocal = t.connect({
      credentials: ldapCredentials({ userSource: 'LOCAL' }),
    });
    e = await rejection(ldapAsLocal.checkLabels(['x']));
    expect(e.code).toBe('USER_NOT_FOUND');
  });

  it('logs in again when the token is revoked mid-way, and gives up on a second rejection', async () => {
    const ids = t.sim.admin
      .createLabels(
        Array.from({ length: 30 }, (_, i) => ({
          key: 'cape-vip',
          value: `v${i}`,
          createdAt: OLD,
        })),
      )
      .map(l => l.id);
    // Inside `rules`: a top-level revokeTokenAfterRequests > 1 never fires (simulator counts per
    // rule object and rebuilds the top-level rule on every request).
    t.sim.admin.setFaults({ rules: [{ revokeTokenAfterRequests: 2 }] });
    const client = t.connect();
    const listed = await listAll(client, KEYS, 5);
    expect(listed.map(l => l.id)).toEqual([...ids].sort());
    expect(logins(t.sim).length).toBeGreaterThanOrEqual(3);

    t.sim.admin.clearFaults();
    t.sim.admin.revokeTokens();
    const before = logins(t.sim).length;
    await expect(client.readExistingIds(ids.slice(0, 2))).resolves.toHaveLength(
      2,
    );
    expect(logins(t.sim).length).toBe(before + 1);

    t.sim.admin.setFaults({
      match: { rootField: 'labels' },
      errorRate: 1,
      errorCode: 'LOAD_TOKEN_FAILED',
      errorMessage: 'token revoked',
    });
    const e = await rejection(client.checkLabels(ids.slice(0, 2)));
    expect(e).toBeInstanceOf(TowerAuthError);
    expect(e.code).toBe('LOAD_TOKEN_FAILED');
    expect(logins(t.sim).length).toBe(before + 2);
  });
});
