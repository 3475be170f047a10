import type { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  backendForDescribe,
  dailySchedule,
  goodAndBadTowers,
  WRONG_PASSWORD,
} from './__testUtils__/testBackend';
import { expectNoSecret, TOWER_PASSWORD } from '../__testUtils__/towerLogin';
import { MINUTE } from '../__testUtils__/time';

describe('GET /towers says when the next login is tried while Tower refuses them', () => {
  const b = backendForDescribe({
    capeLabels: url => goodAndBadTowers(url, dailySchedule({ minutes: 1 })),
  });
  const bodies: string[] = [];
  const tower = async (id: string): Promise<TowerSummary> => {
    const res = await b.get('/towers').expect(200);
    bodies.push(res.text);
    return res.body.items.find((t: TowerSummary) => t.id === id);
  };
  const logins = () =>
    b.sim.admin.requestLog().filter(e => e.rootFields.includes('login')).length;

  it('answers the backoff after a refused login: the next login at the first scheduled run after its wait', async () => {
    const run = await b.sweep('bad');
    bodies.push(JSON.stringify(run));
    expect(run.error?.code).toBe('LOGIN_FAILED');
    const bad = await tower('bad');
    expect(bad.loginBackoff).toEqual({
      refusals: 1,
      lastCode: 'LOGIN_FAILED',
      lastRefusedAt: expect.any(String),
      nextLoginAt: bad.nextRunAt,
    });
    const { lastRefusedAt, nextLoginAt } = bad.loginBackoff!;
    expect(Date.parse(lastRefusedAt)).toBeGreaterThanOrEqual(
      Date.parse(run.startedAt),
    );
    expect(Date.parse(nextLoginAt)).toBeGreaterThanOrEqual(
      Date.parse(lastRefusedAt) + 15 * MINUTE,
    );
    expect(await tower('good')).not.toHaveProperty('loginBackoff');
  });

  it("a user's Sweep now logs in at once and doubles the wait", async () => {
    const before = logins();
    const run = await b.sweep('bad');
    bodies.push(JSON.stringify(run));
    expect(logins()).toBe(before + 1);
    const { loginBackoff } = await tower('bad');
    expect(loginBackoff).toMatchObject({ refusals: 2 });
    expect(Date.parse(loginBackoff!.nextLoginAt)).toBeGreaterThanOrEqual(
      Date.parse(loginBackoff!.lastRefusedAt) + 30 * MINUTE,
    );
  });

  it('no answer or log line holds a password', () => {
    expectNoSecret([...bodies, ...b.logs].join('\n'), [
      WRONG_PASSWORD,
      TOWER_PASSWORD,
    ]);
    expect(
      b.logs.some(l => l.startsWith('warn') && l.includes('2 in a row')),
    ).toBe(true);
  });
});
