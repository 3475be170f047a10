import {
  dailySchedule,
  oldDate,
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
        towers: {
          alpha: towerEntry(url),
          zeta: towerEntry(url, { resourcePrefix: 'sks' }),
        },
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

  it("refuses to start on a notifications.pagePath a browser reads as another origin ('/\\evil.example')", async () => {
    await expect(
      startCapeBackend({
        capeLabels: url => ({
          towers: { t1: towerEntry(url) },
          notifications: { pagePath: '/\\evil.example' },
        }),
      }),
    ).rejects.toThrow(/capeLabels\.notifications\.pagePath/);
  });

  it('warns at start of http:// (allowInsecure) and skipTLSVerify Towers and marks them in GET /towers', async () => {
    const b = await startCapeBackend({
      capeLabels: url => ({
        schedule: dailySchedule(),
        towers: {
          plain: towerEntry(url),
          clear: towerEntry(url, {
            server: 'http://tower-clear.example.com',
            allowInsecure: true,
          }),
          unverified: towerEntry(url, {
            server: 'https://tower-unverified.example.com',
            skipTLSVerify: true,
          }),
        },
      }),
    });
    try {
      const towers = await b.towers();
      const marks = Object.fromEntries(towers.map(t => [t.id, t.transport]));
      expect(marks).toEqual({
        plain: undefined,
        clear: { insecure: true },
        unverified: { skipTLSVerify: true },
      });
      const warnings = b.logs.filter(l =>
        /allowInsecure|skipTLSVerify/.test(l),
      );
      expect(warnings).toHaveLength(2);
      expect(warnings.join('\n')).toMatch(/Tower clear: server is http:\/\//);
      expect(warnings.join('\n')).toMatch(
        /Tower unverified: skipTLSVerify is on/,
      );
    } finally {
      await b.stop();
    }
  });

  it('reads no Tower answer larger than capeLabels.maxResponseBytes', async () => {
    const b = await startCapeBackend({
      capeLabels: url => ({
        schedule: dailySchedule(),
        maxResponseBytes: 4096,
        towers: { t1: towerEntry(url) },
      }),
    });
    try {
      b.sim.admin.createLabels(
        Array.from({ length: 100 }, (_, i) => ({
          key: 'cape-vip',
          value: `10.0.0.${i}`,
          createdAt: oldDate(),
        })),
      );
      const run = await b.sweep();
      expect(run).toMatchObject({
        status: 'failed',
        error: { code: 'RESPONSE_TOO_LARGE' },
        counts: { deleted: 0 },
      });
      expect(run.error?.message).toContain('larger than 4096 bytes');
    } finally {
      await b.stop();
    }
  });
});
