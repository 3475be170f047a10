import type { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  auth,
  BASE,
  dailySchedule,
  backendForDescribe,
  towerEntry,
  USER_REF,
} from './service/__testUtils__/testBackend';
import { expectNoSecret } from './__testUtils__/towerLogin';

const ERROR_BODY = (statusCode: number, name: string) => ({
  error: { name, message: expect.any(String) },
  response: { statusCode },
});

/** Two Towers on one simulator; titles sort the other way round from ids. */
const twoTowers = (url: string) => ({
  schedule: dailySchedule(),
  towers: {
    alpha: towerEntry(url, {
      title: 'Zulu Tower',
      resourcePrefix: 'sks',
      owner: 'group:default/storage',
      schedule: {
        frequency: { cron: '0 3 * * *' },
        timeout: { minutes: 45 },
      },
    }),
    zeta: towerEntry(url, {
      title: 'Alpha Tower',
      dryRun: true,
      owner: 'group:default/platform',
      notify: ['user:default/jane', 'group:default/oncall'],
      confirmAfter: { hours: 2 },
      maxDeletesPerRun: 300,
    }),
  },
});

describe('cape-labels plugin: towers, sweeps and auth', () => {
  const b = backendForDescribe({ capeLabels: twoTowers });
  afterEach(() => {
    b.permission.denied.clear();
    b.sim.admin.clearFaults();
  });

  it('answers /health without credentials and 401 on every other route', async () => {
    await b.http().get(`${BASE}/health`).expect(200, { status: 'ok' });
    for (const path of [
      '/towers',
      '/towers/alpha/runs',
      '/runs/abc',
      '/runs/abc/labels',
    ]) {
      const res = await b.http().get(`${BASE}${path}`);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect(res.body).toMatchObject(ERROR_BODY(401, 'AuthenticationError'));
    }
    const post = await b.http().post(`${BASE}/towers/alpha/sweep`).send({});
    expect(post.status).toBe(401);
    expect(post.body).toMatchObject(ERROR_BODY(401, 'AuthenticationError'));
    expect(await b.runs('alpha')).toEqual([]);
  });

  it('lists the Towers ordered by title with their owner, recipients and effective rules, to users and services, without a run yet', async () => {
    // From the schedule (24 h, first run after the initial delay): no scheduler table is read.
    const nextRunAt = expect.any(String) as unknown as string;
    const expected: TowerSummary[] = [
      {
        id: 'zeta',
        title: 'Alpha Tower',
        server: b.sim.url,
        resourcePrefix: 'cape',
        dryRun: true,
        running: false,
        nextRunAt,
        lastRun: null,
        owner: 'group:default/platform',
        notify: ['user:default/jane', 'group:default/oncall'],
        rules: {
          minAge: 'PT24H',
          confirmAfter: 'PT2H',
          maxDeletesPerRun: 300,
          dryRun: true,
          schedule: {
            frequency: 'PT24H',
            timeout: 'PT5M',
            initialDelay: 'PT1H',
          },
        },
      },
      {
        id: 'alpha',
        title: 'Zulu Tower',
        server: b.sim.url,
        resourcePrefix: 'sks',
        dryRun: false,
        running: false,
        nextRunAt,
        lastRun: null,
        owner: 'group:default/storage',
        notify: ['group:default/storage'],
        rules: {
          minAge: 'PT24H',
          confirmAfter: null,
          maxDeletesPerRun: 5000,
          dryRun: false,
          schedule: {
            cron: '0 3 * * *',
            timeout: 'PT45M',
            initialDelay: 'PT1M',
          },
        },
      },
    ];
    const asUser = await b.get(`/towers`).expect(200);
    expect(asUser.body).toEqual({ items: expected });
    const asService = await b
      .http()
      .get(`${BASE}/towers`)
      .set(auth.service())
      .expect(200);
    expect(asService.body).toEqual({ items: expected });
    expectNoSecret(JSON.stringify(asService.body));
  });

  it('POST /sweep answers 202 and records a manual run requested by the user', async () => {
    const label = b.oldLabel('10.0.0.9', 'sks-vip');
    const res = await b.postSweep('alpha').expect(202);
    expect(res.body).toEqual({ requestId: expect.any(String) });
    const [run] = await b.runs('alpha');
    expect(run).toMatchObject({
      towerId: 'alpha',
      trigger: 'manual',
      requestedBy: USER_REF,
      dryRun: false,
      status: 'succeeded',
    });
    expect(run.counts).toMatchObject({ scanned: 1, candidates: 1, deleted: 1 });
    expect(b.sim.admin.deletedLabels().map(d => d.id)).toEqual([label]);

    const towers = await b.towers();
    expect(towers.find(t => t.id === 'alpha')!.lastRun).toEqual(run);
    expect(towers.find(t => t.id === 'zeta')!.lastRun).toBeNull();
    expectNoSecret(JSON.stringify(towers));
  });

  it('honours {"dryRun": true} and a Tower configured dryRun', async () => {
    const label = b.oldLabel('ns', 'sks-namespace');
    await b.postSweep('alpha', { dryRun: true }).expect(202);
    const [dry] = await b.runs('alpha');
    expect(dry).toMatchObject({
      trigger: 'manual',
      dryRun: true,
      status: 'succeeded',
    });
    expect(dry.counts).toMatchObject({ candidates: 1, deleted: 0 });
    expect(b.sim.admin.label(label)).toBeDefined();

    await b.postSweep('zeta', { dryRun: false }).expect(202);
    const [zeta] = await b.runs('zeta');
    expect(zeta).toMatchObject({
      towerId: 'zeta',
      dryRun: true,
      trigger: 'manual',
    });
  });

  it('shows running while a sweep is in progress and answers 409 to a second request', async () => {
    for (let i = 0; i < 3; i++) b.oldLabel(`c${i}`, 'sks-cluster-name');
    b.sim.admin.setFaults({ latencyMs: 400 });
    const before = (await b.runs('alpha')).length;
    const first = b.postSweep('alpha', { dryRun: true }).then(r => r);

    let towers: TowerSummary[] = [];
    for (
      let i = 0;
      i < 100 && !towers.find(t => t.id === 'alpha')?.running;
      i++
    ) {
      await new Promise(r => setTimeout(r, 50));
      towers = (await b.get(`/towers`).expect(200)).body.items;
    }
    expect(towers.find(t => t.id === 'alpha')).toMatchObject({
      running: true,
      lastRun: { status: 'running' },
    });
    expect(towers.find(t => t.id === 'zeta')!.running).toBe(false);

    const second = await b.postSweep('alpha');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject(ERROR_BODY(409, 'ConflictError'));

    expect((await first).status).toBe(202);
    const runs = await b.runs('alpha');
    expect(runs).toHaveLength(before + 1);
    expect(runs[0]).toMatchObject({ status: 'succeeded', dryRun: true });
    const after = await b.towers();
    expect(after.find(t => t.id === 'alpha')!.running).toBe(false);
  });

  it('answers 404 for an unknown Tower and 400 for a bad id or body, starting nothing', async () => {
    const before = b.sim.admin.requestLog().length;
    const post = (tower: string) =>
      b.http().post(`${BASE}/towers/${tower}/sweep`).set(auth.user());
    const missing = await post('nope').send({});
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject(ERROR_BODY(404, 'NotFoundError'));

    const bad: Array<
      [string, () => Promise<{ status: number; body: unknown }>]
    > = [
      ['uppercase id', () => post('Alpha').send({})],
      ['long id', () => post('a'.repeat(101)).send({})],
      ['dryRun string', () => post('alpha').send({ dryRun: 'yes' })],
      ['dryRun null', () => post('alpha').send({ dryRun: null })],
      ['dryRun number', () => post('alpha').send({ dryRun: 1 })],
      [
        'unknown field',
        () => post('alpha').send({ dryRun: true, force: true }),
      ],
      ['array', () => post('alpha').send([])],
      [
        'malformed JSON',
        () =>
          post('alpha')
            .set('Content-Type', 'application/json')
            .send('{"dryRun": tru'),
      ],
      [
        'JSON scalar',
        () =>
          post('alpha').set('Content-Type', 'application/json').send('true'),
      ],
    ];
    for (const [name, send] of bad) {
      const res = await send();
      expect({ name, status: res.status }).toEqual({ name, status: 400 });
      expect(res.body).toMatchObject(ERROR_BODY(400, 'InputError'));
    }
    expect(b.sim.admin.requestLog().length).toBe(before);
  });

  it('refuses users without the permission, enqueuing nothing', async () => {
    const before = (await b.runs('alpha')).length;
    b.permission.denied.add('cape-labels.sweep.run');
    const denied = await b.postSweep('alpha');
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject(ERROR_BODY(403, 'NotAllowedError'));
    expect(await b.runs('alpha')).toHaveLength(before);

    // Nothing was left pending: allowed again, the next request is accepted and runs once.
    b.permission.denied.clear();
    await b.postSweep('alpha', { dryRun: true }).expect(202);
    expect(await b.runs('alpha')).toHaveLength(before + 1);
  });
});
