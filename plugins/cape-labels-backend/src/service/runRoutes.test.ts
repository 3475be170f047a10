import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { auth } from './__testUtils__/testBackend';
import { bad, missing, readRoutesWorld } from './__testUtils__/readRoutesWorld';

/** `GET /runs/:runId` and `GET /runs/:runId/labels`: one run and its outcomes. */
describe('cape-labels run routes', () => {
  const { b, world, get, problem } = readRoutesWorld({ pagingRuns: false });

  it('GET /runs/:runId answers the run with its settings', async () => {
    const res = await get(`/runs/${world.run.id}`).expect(200);
    expect(res.body).toEqual(world.run);
    expect(res.body).toMatchObject({
      id: world.run.id,
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
    const all = (await get(`/runs/${world.run.id}/labels`).expect(200))
      .body as {
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
        await get(
          `/runs/${world.run.id}/labels?limit=3&offset=${offset}`,
        ).expect(200)
      ).body;
      expect(page.total).toBe(7);
      pages.push(...page.items);
    }
    expect(pages.map(o => o.labelId)).toEqual(all.items.map(o => o.labelId));
    await get(`/runs/${world.run.id}/labels?offset=7`).expect(200, {
      items: [],
      total: 7,
      countedOnly: [],
    });

    const kept = (
      await get(`/runs/${world.run.id}/labels?action=kept`).expect(200)
    ).body;
    expect(kept.total).toBe(2);
    expect(kept.items.every((o: LabelOutcome) => o.action === 'kept')).toBe(
      true,
    );
    await get(`/runs/${world.run.id}/labels?action=deleted`).expect(200, {
      items: [],
      total: 0,
      countedOnly: [],
    });
    await get(`/runs/${world.run.id}/labels?limit=1000`).expect(200);
  });

  it('GET /runs/:runId/labels filters by reason and key and searches the value', async () => {
    const values = async (query: string) =>
      (
        (await get(`/runs/${world.run.id}/labels?${query}`).expect(200)).body
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
      expect(await problem(`/runs/${world.run.id}/labels?${q}`)).toEqual(
        bad(`/runs/${world.run.id}/labels?${q}`),
      );
    }
    const path = '/runs/bad.id/labels';
    expect(await problem(path)).toEqual(bad(path));
    expect(await problem('/runs/no-such-run/labels')).toEqual(
      missing('/runs/no-such-run/labels'),
    );
  });

  it('lets services read', async () => {
    const asService = (path: string) => b.get(path, auth.service()).expect(200);
    expect((await asService(`/runs/${world.run.id}`)).body).toEqual(world.run);
    expect((await asService(`/runs/${world.run.id}/labels`)).body.total).toBe(
      7,
    );
    expect((await asService('/towers/t1/runs')).body.items[0].id).toBe(
      world.run.id,
    );
  });
});
