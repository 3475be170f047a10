import { startSimulator } from '../http';
import { gql } from '../testing';
import { MINUTE } from '../time';

const LOGIN = 'mutation($d: LoginInput!) { login(data: $d) { token } }';

describe('account lockout', () => {
  let nowMs = Date.parse('2026-12-01T00:00:00Z');
  const sims: { stop(): Promise<void> }[] = [];
  afterAll(() => Promise.all(sims.map(s => s.stop())));

  async function lockingTower(lockout: {
    missWindowMs?: number;
    lockedForMs?: number;
  }) {
    const sim = await startSimulator({
      users: [{ username: 'ops', password: 'right', source: 'LOCAL' }],
      lockout: { afterMisses: 3, ...lockout },
      clock: () => new Date(nowMs),
    });
    sims.push(sim);
    const login = async (password: string) =>
      (
        await gql(sim.url, LOGIN, {
          d: { username: 'ops', password, source: 'LOCAL' },
        })
      ).errors?.[0].code ?? 'OK';
    const info = () => sim.admin.userLoginInfoes()[0];
    return { sim, login, info };
  }

  it('locks after the misses in a row, then refuses the right password too', async () => {
    const { login, info, sim } = await lockingTower({});
    expect(await login('wrong')).toBe('LOGIN_FAILED');
    expect(await login('wrong')).toBe('LOGIN_FAILED');
    expect(info()).toEqual({
      username: 'ops',
      source: 'LOCAL',
      miss_num: 2,
      locked_at: null,
    });
    expect(await login('wrong')).toBe('LOGIN_FAILED');
    expect(info()).toMatchObject({
      miss_num: 3,
      locked_at: new Date(nowMs).toISOString(),
    });
    expect(await login('right')).toBe('USER_LOCKED');
    sim.admin.unlockUsers();
    expect(await login('right')).toBe('OK');
  });

  it('forgets the misses on a success and after the window; a lock ends after its time', async () => {
    const { login, info } = await lockingTower({
      missWindowMs: 10 * MINUTE,
      lockedForMs: 60 * MINUTE,
    });
    await login('wrong');
    await login('wrong');
    expect(await login('right')).toBe('OK');
    expect(info().miss_num).toBe(0);
    await login('wrong');
    nowMs += 10 * MINUTE;
    await login('wrong');
    expect(info().miss_num).toBe(1);
    await login('wrong');
    await login('wrong');
    expect(await login('right')).toBe('USER_LOCKED');
    nowMs += 60 * MINUTE;
    expect(await login('right')).toBe('OK');
  });
});
