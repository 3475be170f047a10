import type { TopSources } from '@smartx-cape/plugin-cape-labels-common';
import {
  oldDate,
  backendForDescribe,
  towerEntry,
} from './__testUtils__/testBackend';
import { DAY, HOUR } from '../__testUtils__/time';

describe('GET /towers/:towerId/top-sources', () => {
  const b = backendForDescribe({
    capeLabels: url => ({
      towers: {
        t1: towerEntry(url),
        t2: towerEntry(url, { resourcePrefix: 'sks', dryRun: true }),
      },
    }),
  });
  beforeAll(async () => {
    const { admin } = b.sim;
    const label = (key: string, value: string, times: number) => {
      for (let i = 0; i < times; i++)
        admin.createLabel({ key, value, createdAt: oldDate() });
    };
    label('cape-cluster-name', 'leaky', 3);
    label('cape-cluster-name', 'calm', 1);
    label('cape-namespace', 'ns-a', 2);
    label('cape-vip', '10.0.0.1', 4);
    admin.createLabel({
      key: 'cape-cluster-name',
      value: 'young',
      createdAt: new Date(Date.now() - HOUR).toISOString(),
    });
    label('sks-cluster-name', 'previewed', 2);
    await b.sweep('t1');
    await b.sweep('t2', { dryRun: true });
  }, 60_000);

  const get = (path: string) => b.get(`${path}`);

  it('names the cluster names and namespaces whose labels were deleted most', async () => {
    const body = (await get('/towers/t1/top-sources').expect(200))
      .body as TopSources;
    expect(body.days).toBe(30);
    const since = Date.parse(body.since);
    expect(Date.now() - since).toBeGreaterThanOrEqual(30 * DAY);
    expect(body.clusters).toEqual([
      { value: 'leaky', deleted: 3 },
      { value: 'calm', deleted: 1 },
    ]);
    expect(body.namespaces).toEqual([{ value: 'ns-a', deleted: 2 }]);
  });

  it('counts no preview: a dry run deletes nothing', async () => {
    const body = (await get('/towers/t2/top-sources?days=7').expect(200))
      .body as TopSources;
    expect(body).toMatchObject({ days: 7, clusters: [], namespaces: [] });
  });

  it('answers 400 for bad days, 404 for an unknown Tower, 403 without cape-labels.read', async () => {
    const status = async (path: string) => (await get(path)).status;
    for (const q of ['days=0', 'days=366', 'days=x', 'days=1&days=2'])
      expect(await status(`/towers/t1/top-sources?${q}`)).toBe(400);
    expect(await status('/towers/nope/top-sources')).toBe(404);
    expect(await status('/towers/BAD!/top-sources')).toBe(400);
    b.permission.denied.add('cape-labels.read');
    try {
      expect(await status('/towers/t1/top-sources')).toBe(403);
    } finally {
      b.permission.denied.clear();
    }
  });
});
