import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  createHarness,
  stoppedAfterEach,
  towerConfig,
  type Harness,
} from './__testUtils__/sweepHarness';
import {
  expectNoSecret,
  passwordCredentials,
  TOWER_PASSWORD,
  TOWER_USER,
} from '../__testUtils__/towerLogin';
import { HOUR, MINUTE, useFakeDate } from '../__testUtils__/time';

const T0 = Date.parse('2026-12-01T00:00:00.000Z');
const WRONG_PASSWORD = 'Wrong-Pa55word"also-secret!';
/** Tower locks the account at its fifth refused login within an hour of the one before. */
const LOCKOUT = { afterMisses: 5, missWindowMs: HOUR };

describe('TowerSweeper: refused logins back off so that Tower never locks the account', () => {
  const make = stoppedAfterEach(createHarness);
  afterEach(() => jest.useRealTimers());
  let nowMs = T0;
  const clock = () => new Date(nowMs);

  /** A Tower due at every start whose configured password Tower refuses; one clock for both. */
  async function refusingTower(): Promise<Harness> {
    nowMs = T0;
    useFakeDate(T0);
    return make({
      simulator: { lockout: LOCKOUT, clock },
      tower: { credentials: passwordCredentials({ password: WRONG_PASSWORD }) },
    });
  }

  const logins = (h: Harness) =>
    h.sim.admin.requestLog().filter(e => e.rootFields.includes('login')).length;
  const runs = async (h: Harness): Promise<RunSummary[]> =>
    (await h.store.listRuns(h.tower.id, { limit: 1000 })).reverse();
  /** One start of the task, `minutes` after the one before. */
  async function startAfter(h: Harness, minutes: number) {
    nowMs += minutes * MINUTE;
    jest.setSystemTime(nowMs);
    await h.sweeper.runTask(new AbortController().signal);
  }

  it('over six hours of starts a minute apart, logs in five times, doubling the wait, and the account never locks', async () => {
    const h = await refusingTower();
    let mostMisses = 0;
    for (let minute = 0; minute < 6 * 60; minute++) {
      await startAfter(h, minute === 0 ? 0 : 1);
      const [account] = h.sim.admin.userLoginInfoes();
      mostMisses = Math.max(mostMisses, account.miss_num);
      expect(account.locked_at).toBeNull();
    }
    expect(mostMisses).toBeLessThan(LOCKOUT.afterMisses);
    const recorded = await runs(h);
    expect(recorded.map(r => r.error?.code)).toEqual(
      Array(5).fill('LOGIN_FAILED'),
    );
    expect(logins(h)).toBe(5);
    const gaps = recorded
      .slice(1)
      .map(
        (r, i) =>
          (Date.parse(r.startedAt) - Date.parse(recorded[i].startedAt)) /
          MINUTE,
      );
    expect(gaps).toEqual([15, 30, 60, 120]);
    const last = await h.store.getRun(recorded[4].id);
    expect(last?.notes).toContainEqual(
      expect.objectContaining({
        code: 'LOGIN_REFUSED_BACKOFF',
        params: {
          refusals: 5,
          nextLoginAt: new Date(
            Date.parse(recorded[4].startedAt) + 240 * MINUTE,
          ).toISOString(),
        },
      }),
    );
    expectNoSecret(JSON.stringify([h.logger.lines, recorded, last]), [
      WRONG_PASSWORD,
      TOWER_PASSWORD,
    ]);
  });

  it('keeps the backoff across a restart; a Sweep now logs in at once, an event request does not', async () => {
    const h = await refusingTower();
    await startAfter(h, 0);
    h.configure({});
    await startAfter(h, 1);
    expect(logins(h)).toBe(1);

    await h.request({ trigger: 'event', dryRun: false });
    await startAfter(h, 1);
    expect(logins(h)).toBe(1);
    const [, eventRun] = await runs(h);
    expect(eventRun).toMatchObject({
      trigger: 'event',
      status: 'failed',
      error: {
        code: 'LOGIN_PAUSED',
        params: {
          refusals: 1,
          nextLoginAt: new Date(T0 + 15 * MINUTE).toISOString(),
        },
      },
    });

    await h.request({ dryRun: false });
    await startAfter(h, 1);
    expect(logins(h)).toBe(2);
    const manual = (await runs(h))[2];
    expect(manual).toMatchObject({
      trigger: 'manual',
      error: { code: 'LOGIN_FAILED' },
    });
    const [backoff] = (await h.store.getLoginBackoffs([h.tower.id])).values();
    expect(backoff).toMatchObject({
      refusals: 2,
      nextLoginAt: new Date(nowMs + 30 * MINUTE),
    });
    expectNoSecret(JSON.stringify(backoff), [WRONG_PASSWORD]);
  });

  it('doubles the wait with every refusal in a row up to a day', async () => {
    const h = await refusingTower();
    const waits: number[] = [];
    for (let refusal = 1; refusal <= 9; refusal++) {
      if (refusal > 1) await h.request({ dryRun: false });
      await startAfter(h, 1);
      const [backoff] = (await h.store.getLoginBackoffs([h.tower.id])).values();
      waits.push((backoff.nextLoginAt.getTime() - nowMs) / MINUTE);
      h.sim.admin.unlockUsers();
    }
    expect(waits).toEqual([15, 30, 60, 120, 240, 480, 960, 1440, 1440]);
  });

  it('a change of the credentials logs in at once; a success clears the backoff', async () => {
    const h = await refusingTower();
    await startAfter(h, 0);
    await startAfter(h, 1);
    expect(logins(h)).toBe(1);

    h.configure({ tower: towerConfig(h.sim.url, { title: 'Tower 1' }) });
    await startAfter(h, 1);
    expect(logins(h)).toBe(2);
    expect((await runs(h)).map(r => r.status)).toEqual(['failed', 'succeeded']);
    expect(await h.store.getLoginBackoffs([h.tower.id])).toEqual(new Map());
  });

  it('a success without a config change (the password fixed on Tower) clears it: the next refusal waits 15 minutes again', async () => {
    const h = await refusingTower();
    await startAfter(h, 0);
    await h.request({ dryRun: false });
    await startAfter(h, 1);
    expect(logins(h)).toBe(2);

    h.sim.admin.setUsers([{ ...TOWER_USER, password: WRONG_PASSWORD }]);
    await h.request({ dryRun: false });
    await startAfter(h, 1);
    expect((await runs(h)).map(r => r.status)).toEqual([
      'failed',
      'failed',
      'succeeded',
    ]);
    await startAfter(h, 1);
    expect(logins(h)).toBe(4);

    h.sim.admin.setUsers([TOWER_USER]);
    await startAfter(h, 1);
    expect(logins(h)).toBe(5);
    const [backoff] = (await h.store.getLoginBackoffs([h.tower.id])).values();
    expect(backoff).toMatchObject({
      refusals: 1,
      nextLoginAt: new Date(nowMs + 15 * MINUTE),
    });
  });
});
