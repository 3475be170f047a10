import type { Run } from '@smartx-cape/plugin-cape-labels-common';
import {
  oldDate,
  backendForDescribe,
  goodAndBadTowers,
  WRONG_PASSWORD,
} from './__testUtils__/testBackend';
import { TOWER_PASSWORD } from '../__testUtils__/towerLogin';

describe('cape-labels never reveals a Tower password', () => {
  const b = backendForDescribe({ capeLabels: url => goodAndBadTowers(url) });

  const bodies: string[] = [];
  const read = async (path: string) => {
    const res = await b.get(`${path}`).expect(200);
    bodies.push(res.text);
    return res.body;
  };

  it('a failed login is recorded as a failed run', async () => {
    const run: Run = await b.sweep('bad');
    expect(run).toMatchObject({
      status: 'failed',
      error: { message: expect.any(String) },
    });
    expect(b.sim.admin.deletedLabels()).toEqual([]);
    bodies.push(JSON.stringify(run));
  });

  it('a successful sweep (with a re-login after a lost token) works', async () => {
    for (let i = 0; i < 3; i++)
      b.sim.admin.createLabel({
        key: 'cape-vip',
        value: `10.0.0.${i}`,
        createdAt: oldDate(),
      });
    const logins = () =>
      b.sim.admin.requestLog().filter(e => e.rootFields.includes('login'))
        .length;
    const before = logins();
    b.sim.admin.setFaults({ revokeTokenAfterRequests: 2 });
    const run = await b.sweep('good');
    b.sim.admin.clearFaults();
    expect(logins() - before).toBeGreaterThanOrEqual(2);
    expect(run).toMatchObject({ status: 'succeeded', counts: { deleted: 3 } });
    bodies.push(JSON.stringify(run));
  });

  it('no response, event or log line holds either password', async () => {
    const towers = await read('/towers');
    expect(towers.items).toHaveLength(2);
    for (const id of ['good', 'bad']) {
      const { items } = await read(`/towers/${id}/runs`);
      for (const run of items) {
        await read(`/runs/${run.id}`);
        await read(`/runs/${run.id}/labels`);
      }
    }
    const everything = [...bodies, ...b.logs, JSON.stringify(b.completed)];
    expect(b.logs.length).toBeGreaterThan(5);
    expect(b.completed).toHaveLength(2);
    for (const secret of [TOWER_PASSWORD, WRONG_PASSWORD]) {
      expect(everything.filter(text => text.includes(secret))).toEqual([]);
    }
    // The failure is logged, with the Tower's id, so operators still learn about it.
    expect(
      b.logs.some(l => l.startsWith('warn ') && l.includes('Tower bad')),
    ).toBe(true);
  });
});
