import { CAPE_LABELS_TOPIC_SWEEP_REQUESTED } from '@smartx-cape/plugin-cape-labels-common';
import type { JsonObject } from '@backstage/types';
import {
  acceptingEvents,
  oldDate,
  backendForDescribe,
  scheduledTower,
} from './__testUtils__/testBackend';

describe('cape-labels events', () => {
  const b = backendForDescribe({
    capeLabels: url => {
      const config = acceptingEvents(url);
      // Stands in for scheduled sweeps.
      (config.towers as JsonObject).sched = scheduledTower(url);
      return config;
    },
  });
  afterEach(() => b.sim.admin.clearFaults());

  const request = (eventPayload: unknown) =>
    b.events.publish({
      topic: CAPE_LABELS_TOPIC_SWEEP_REQUESTED,
      eventPayload,
    });
  const warnings = () =>
    b.logs.filter(l => l.startsWith('warn ') && l.includes('sweep-requested'));

  it('publishes cape-labels.run-completed with the RunSummary after every run', async () => {
    b.sim.admin.createLabel({
      key: 'sks-vip',
      value: '10.1.1.1',
      createdAt: oldDate(),
    });
    const manual = await b.sweep('t1', { dryRun: true });
    await b.scheduler.triggerTask('cape-labels:sweep:sched');
    const [scheduled] = await b.runs('sched');

    expect(b.completed).toHaveLength(2);
    const { settings: _settings, ...manualSummary } = manual;
    expect(b.completed[0]).toEqual(manualSummary);
    expect(b.completed[0]).toMatchObject({
      status: 'succeeded',
      trigger: 'manual',
      finishedAt: expect.any(String),
    });
    expect(b.completed[1]).toEqual(scheduled);
    expect(scheduled).toMatchObject({
      trigger: 'schedule',
      dryRun: false,
      counts: { deleted: 1 },
    });
    expect(b.completed[1]).not.toHaveProperty('requestedBy');
  });

  it('runs a sweep with trigger "event" on cape-labels.sweep-requested', async () => {
    const label = b.oldLabel('ns-e');
    const before = (await b.runs()).length;
    await request({ requestedBy: 'ci', towerId: 't1', dryRun: true });
    const all = await b.runs();
    expect(all).toHaveLength(before + 1);
    expect(all[0]).toMatchObject({
      trigger: 'event',
      dryRun: true,
      status: 'succeeded',
      counts: { candidates: 1, deleted: 0 },
    });
    expect(all[0].requestedBy).toBe('event:ci');
    expect(b.sim.admin.label(label)).toBeDefined();
    expect(b.completed[b.completed.length - 1]).toEqual(all[0]);

    await request({ requestedBy: 'ci', towerId: 't1' });
    const [real] = await b.runs();
    expect(real).toMatchObject({
      trigger: 'event',
      dryRun: false,
      counts: { deleted: 1 },
    });
    expect(b.sim.admin.label(label)).toBeUndefined();
  });

  it('ignores bad or refused requests with a warning and keeps working', async () => {
    const before = (await b.runs()).length;
    const warned = warnings().length;
    const payloads: unknown[] = [
      null,
      'sweep t1',
      [],
      {},
      { towerId: 5 },
      { towerId: 't1', dryRun: 'yes' },
      { towerId: 't1', dryRun: null },
      { towerId: 'nope' },
      { towerId: 'Not A Tower' },
    ];
    for (const payload of payloads)
      await expect(request(payload)).resolves.toBeUndefined();
    expect(await b.runs()).toHaveLength(before);
    expect(warnings().length - warned).toBe(payloads.length);

    await request({ requestedBy: 'ci', towerId: 't1', dryRun: true });
    expect(await b.runs()).toHaveLength(before + 1);
  });

  // An untrusted id must not be echoed back into the logs at any length.
  it('keeps the warning for a huge unknown towerId short', async () => {
    const warned = warnings().length;
    await request({ towerId: 'x'.repeat(10_000) });
    expect(warnings().length - warned).toBe(1);
    expect(warnings()[warnings().length - 1].length).toBeLessThan(1000);
  });

  it('ignores a request while the Tower is sweeping', async () => {
    b.sim.admin.createLabel({
      key: 'cape-vip',
      value: 'slow',
      createdAt: oldDate(),
    });
    b.sim.admin.setFaults({ latencyMs: 300 });
    const before = (await b.runs()).length;
    const first = b.postSweep('t1', { dryRun: true }).then(r => r);
    for (let i = 0; i < 100 && (await b.runs())[0]?.status !== 'running'; i++)
      await new Promise(r => setTimeout(r, 50));
    const warned = warnings().length;
    await request({ requestedBy: 'ci', towerId: 't1', dryRun: true });
    expect(warnings().length - warned).toBe(1);
    expect(warnings()[warnings().length - 1]).toContain('already sweeping');
    expect((await first).status).toBe(202);
    const after = await b.runs();
    expect(after).toHaveLength(before + 1);
    expect(after[0].trigger).toBe('manual');
  });
});
