import {
  dailySchedule,
  startCapeBackend,
  towerEntry,
} from './service/__testUtils__/testBackend';

describe('cape-labels plugin: configuration', () => {
  it('starts without a capeLabels block, lists no Towers and schedules nothing', async () => {
    const b = await startCapeBackend({ capeLabels: () => null });
    try {
      await b.get(`/towers`).expect(200, { items: [] });
      expect(await b.scheduler.getScheduledTasks()).toEqual([]);
      await b.postSweep().expect(404);
      expect(
        b.logs.some(l => l.includes('No capeLabels.towers configured')),
      ).toBe(true);
    } finally {
      await b.stop();
    }
  });

  it('schedules one global task per Tower', async () => {
    const b = await startCapeBackend({
      capeLabels: url => ({
        schedule: dailySchedule(),
        towers: { alpha: towerEntry(url), zeta: towerEntry(url) },
      }),
    });
    try {
      const tasks = await b.scheduler.getScheduledTasks();
      expect(tasks.map(t => [t.id, t.scope]).sort()).toEqual([
        ['cape-labels:sweep:alpha', 'global'],
        ['cape-labels:sweep:zeta', 'global'],
      ]);
    } finally {
      await b.stop();
    }
  });

  it('refuses to start on an invalid config, naming the key', async () => {
    await expect(
      startCapeBackend({
        capeLabels: url => ({
          towers: { 'prod-a': towerEntry(url, { server: 'ftp://x' }) },
        }),
      }),
    ).rejects.toThrow(/capeLabels\.towers\.prod-a\.server/);
  });
});
