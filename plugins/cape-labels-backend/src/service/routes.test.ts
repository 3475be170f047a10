import type {
  LabelOutcome,
  Run,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import {
  auth,
  BASE,
  EVERY_START_DUE,
  HOUR,
  oldDate,
  dailySchedule,
  backendForDescribe,
  towerEntry,
} from './__testUtils__/testBackend';

/**
 * The read routes against a real plugin: Tower `t1` has one dry run with outcomes, Tower `t2`
 * (another prefix, nothing to sweep) has 22 scheduled runs for paging.
 */
describe('cape-labels read routes', () => {
  let run: Run;
  let t2Runs: RunSummary[];

  const b = backendForDescribe({
    capeLabels: url => ({
      schedule: dailySchedule(),
      towers: {
        t1: towerEntry(url),
        t2: towerEntry(url, {
          resourcePrefix: 'sks',
          schedule: EVERY_START_DUE,
        }),
      },
    }),
  });
  beforeAll(async () => {
    const { admin } = b.sim;
    for (let i = 0; i < 5; i++)
      admin.createLabel({
        key: 'cape-cluster-name',
        value: `gone-${i}`,
        createdAt: oldDate(),
      });
    for (let i = 0; i < 2; i++) {
      admin.createLabel({
        key: 'cape-vip',
        value: `young-${i}`,
        createdAt: new Date(Date.now() - HOUR).toISOString(),
      });
    }
    admin.createLabel({
      key: 'cape-managed',
      value: 'true',
      createdAt: oldDate(),
    });
    run = await b.sweep('t1', { dryRun: true });
    for (let i = 0; i < 22; i++)
      await b.scheduler.triggerTask('cape-labels:sweep:t2');
    t2Runs = (await b.get(`/towers/t2/runs?limit=100`).expect(200)).body.items;
  }, 30_000);

  const get = (path: string) => b.get(`${path}`);
  /** The status and Backstage error body of a GET, for one-line assertions. */
  const problem = async (path: string) => {
    const res = await get(path);
    const { error, response } = res.body as {
      error?: { name?: string; message?: unknown };
      response?: { statusCode?: number };
    };
    return {
      path,
      status: res.status,
      name: error?.name,
      hasMessage: typeof error?.message === 'string',
      statusCode: response?.statusCode,
    };
  };
  const bad = (path: string) => ({
    path,
    status: 400,
    name: 'InputError',
    hasMessage: true,
    statusCode: 400,
  });
  const missing = (path: string) => ({
    path,
    status: 404,
    name: 'NotFoundError',
    hasMessage: true,
    statusCode: 404,
  });

  it('lists runs newest first, 20 by default, with schedule triggers', async () => {
    expect(t2Runs).toHaveLength(22);
    expect(
      t2Runs.every(
        r =>
          r.trigger === 'schedule' &&
          r.towerId === 't2' &&
          r.status === 'succeeded',
      ),
    ).toBe(true);
    const started = t2Runs.map(r => r.startedAt);
    expect([...started].sort().reverse()).toEqual(started);
    expect(new Set(t2Runs.map(r => r.id)).size).toBe(22);

    const byDefault = (await get('/towers/t2/runs').expect(200)).body
      .items as RunSummary[];
    expect(byDefault.map(r => r.id)).toEqual(
      t2Runs.slice(0, 20).map(r => r.id),
    );
    const one = (await get('/towers/t2/runs?limit=1').expect(200)).body
      .items as RunSummary[];
    expect(one.map(r => r.id)).toEqual([t2Runs[0].id]);
    // A run summary has no settings; the run itself has.
    expect(one[0]).not.toHaveProperty('settings');
  });

  it('pages with before=<runId> (keyset) to the end', async () => {
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 10; page++) {
      const items = (
        await get(
          `/towers/t2/runs?limit=5${before ? `&before=${before}` : ''}`,
        ).expect(200)
      ).body.items as RunSummary[];
      seen.push(...items.map(r => r.id));
      if (items.length < 5) break;
      before = items[items.length - 1].id;
    }
    expect(seen).toEqual(t2Runs.map(r => r.id));
    const last = t2Runs[t2Runs.length - 1].id;
    await get(`/towers/t2/runs?before=${last}`).expect(200, { items: [] });
  });

  it('validates limit and before, and 404s unknown Towers and anchors', async () => {
    const cases: Array<[string, typeof bad]> = [
      ...[
        'limit=0',
        'limit=101',
        'limit=-1',
        'limit=abc',
        'limit=1.5',
        'limit=',
        'limit=1&limit=2',
        'limit[a]=1',
      ].map((q): [string, typeof bad] => [`/towers/t2/runs?${q}`, bad]),
      ['/towers/t2/runs?before=bad.id', bad],
      [`/towers/t2/runs?before=${'a'.repeat(101)}`, bad],
      ['/towers/t2/runs?before=no-such-run', missing],
      // A run of another Tower is no anchor for this one.
      [`/towers/t2/runs?before=${run.id}`, missing],
      ['/towers/nope/runs', missing],
      ['/towers/T2/runs', bad],
      [`/towers/${'a'.repeat(101)}/runs`, bad],
      ['/towers/t_2/runs', bad],
    ];
    for (const [path, expected] of cases)
      expect(await problem(path)).toEqual(expected(path));
    expect(
      (await get('/towers/t2/runs?limit=100').expect(200)).body.items,
    ).toHaveLength(22);
  });

  it('GET /runs/:runId answers the run with its settings', async () => {
    const res = await get(`/runs/${run.id}`).expect(200);
    expect(res.body).toEqual(run);
    expect(res.body).toMatchObject({
      id: run.id,
      towerId: 't1',
      trigger: 'manual',
      dryRun: true,
      status: 'succeeded',
      finishedAt: expect.any(String),
      durationMs: expect.any(Number),
      instance: expect.any(String),
      counts: {
        scanned: 7,
        candidates: 5,
        deleted: 0,
        wouldDelete: 5,
        kept: 2,
        failed: 0,
      },
      settings: {
        minAge: 'PT24H',
        confirmAfter: 'PT0S',
        maxDeletesPerRun: 5000,
        keys: ['cape-cluster-name', 'cape-vip', 'cape-namespace'],
      },
    });
    expect(await problem('/runs/no-such-run')).toEqual(
      missing('/runs/no-such-run'),
    );
    for (const path of [
      '/runs/bad.id',
      `/runs/${'x'.repeat(101)}`,
      '/runs/a%20b',
    ]) {
      expect(await problem(path)).toEqual(bad(path));
    }
  });

  it('GET /runs/:runId/labels pages the outcomes with a total and filters by action', async () => {
    const all = (await get(`/runs/${run.id}/labels`).expect(200)).body as {
      items: LabelOutcome[];
      total: number;
    };
    expect(all.total).toBe(7);
    expect(all.items).toHaveLength(7);
    expect(all.items.filter(o => o.action === 'would-delete')).toHaveLength(5);
    expect(all.items.filter(o => o.action === 'kept')).toEqual([
      expect.objectContaining({
        key: 'cape-vip',
        reason: 'young',
        createdAt: expect.any(String),
      }),
      expect.objectContaining({ key: 'cape-vip', reason: 'young' }),
    ]);

    const pages: LabelOutcome[] = [];
    for (let offset = 0; offset < 9; offset += 3) {
      const page = (
        await get(`/runs/${run.id}/labels?limit=3&offset=${offset}`).expect(200)
      ).body;
      expect(page.total).toBe(7);
      pages.push(...page.items);
    }
    expect(pages.map(o => o.labelId)).toEqual(all.items.map(o => o.labelId));
    await get(`/runs/${run.id}/labels?offset=7`).expect(200, {
      items: [],
      total: 7,
      countedOnly: [],
    });

    const kept = (await get(`/runs/${run.id}/labels?action=kept`).expect(200))
      .body;
    expect(kept.total).toBe(2);
    expect(kept.items.every((o: LabelOutcome) => o.action === 'kept')).toBe(
      true,
    );
    await get(`/runs/${run.id}/labels?action=deleted`).expect(200, {
      items: [],
      total: 0,
      countedOnly: [],
    });
    await get(`/runs/${run.id}/labels?limit=1000`).expect(200);
  });

  it('GET /runs/:runId/labels filters by reason and key and searches the value', async () => {
    const values = async (query: string) =>
      (
        (await get(`/runs/${run.id}/labels?${query}`).expect(200)).body
          .items as LabelOutcome[]
      ).map(o => o.value);
    expect(await values('reason=young')).toEqual(['young-0', 'young-1']);
    expect(await values('key=cape-vip&search=G-1')).toEqual(['young-1']);
    expect(await values('action=would-delete&search=GONE-3')).toEqual([
      'gone-3',
    ]);
    expect(await values('search=_')).toEqual([]);
    expect(await values('key=cape-namespace')).toEqual([]);
    expect(await values('search=&key=')).toHaveLength(7);
  });

  it('GET /runs/:runId/labels validates its parameters', async () => {
    for (const q of [
      'action=bogus',
      'action=kept&action=deleted',
      'reason=bogus',
      'key=a&key=b',
      `search=${'s'.repeat(201)}`,
      `key=${'k'.repeat(257)}`,
      'offset=-1',
      'offset=x',
      'limit=0',
      'limit=1001',
      'limit=99999999999',
    ]) {
      expect(await problem(`/runs/${run.id}/labels?${q}`)).toEqual(
        bad(`/runs/${run.id}/labels?${q}`),
      );
    }
    const path = '/runs/bad.id/labels';
    expect(await problem(path)).toEqual(bad(path));
    expect(await problem('/runs/no-such-run/labels')).toEqual(
      missing('/runs/no-such-run/labels'),
    );
  });

  it('lets services read', async () => {
    const asService = (path: string) =>
      b.http().get(`${BASE}${path}`).set(auth.service()).expect(200);
    expect((await asService(`/runs/${run.id}`)).body).toEqual(run);
    expect((await asService(`/runs/${run.id}/labels`)).body.total).toBe(7);
    expect((await asService('/towers/t1/runs')).body.items[0].id).toBe(run.id);
  });
});
