import { CAPE_LABELS_TOPIC_SWEEP_REQUESTED } from '@smartx-cape/plugin-cape-labels-common';
import {
  acceptingEvents,
  backendForDescribe,
  towerEntry,
  type CapeBackend,
} from './__testUtils__/testBackend';

const publish = (b: CapeBackend, eventPayload: unknown) =>
  b.events.publish({ topic: CAPE_LABELS_TOPIC_SWEEP_REQUESTED, eventPayload });

const lines = (b: CapeBackend, level: string, text: string) =>
  b.logs.filter(l => l.startsWith(`${level} `) && l.includes(text));

describe('cape-labels.sweep-requested without capeLabels.events.acceptSweepRequests', () => {
  const b = backendForDescribe();

  it('starts nothing and logs the first ignored event only', async () => {
    const label = b.oldLabel('ns-event');
    for (let i = 0; i < 3; i++)
      await publish(b, { towerId: 't1', requestedBy: 'ci' });
    await publish(b, { towerId: 't1', dryRun: true, requestedBy: 'ci' });
    expect(await b.runs()).toHaveLength(0);
    expect(b.sim.admin.label(label)).toBeDefined();
    const ignored = lines(b, 'warn', 'sweep-requested');
    expect(ignored).toHaveLength(1);
    expect(ignored[0]).toContain('capeLabels.events.acceptSweepRequests');
  });
});

describe('cape-labels.sweep-requested with capeLabels.events.acceptSweepRequests: true', () => {
  const b = backendForDescribe({
    capeLabels: acceptingEvents,
  });

  it('validates, audits with the payload and records trigger event', async () => {
    const label = b.oldLabel('ns-event');
    await publish(b, { towerId: 't1', requestedBy: 'ci' });
    const [run] = await b.runs();
    expect(run).toMatchObject({
      trigger: 'event',
      dryRun: false,
      requestedBy: 'event:ci',
    });
    expect(b.sim.admin.label(label)).toBeUndefined();
    const [audit] = await b.audits('sweep-request', 'succeeded');
    expect(audit).toContain('"payload":{"towerId":"t1","requestedBy":"ci"}');
    expect(audit).toContain('"trigger":"event"');
    expect(audit).toContain('"requestId"');
  });
});

describe('cape-labels.sweep-requested from a publisher not allowed that Tower', () => {
  const b = backendForDescribe({
    capeLabels: url => ({
      ...acceptingEvents(url),
      towers: {
        t1: towerEntry(url),
        other: towerEntry(url, { resourcePrefix: 'sks' }),
      },
    }),
  });

  it.each([
    ['names no publisher', { towerId: 't1' }, 'names no requestedBy'],
    [
      'names a publisher the operator did not list',
      { towerId: 't1', requestedBy: 'stranger' },
      "Publisher 'stranger' is not among capeLabels.events.publishers",
    ],
    [
      "asks for a Tower outside the publisher's towers",
      { towerId: 'other', requestedBy: 'ci' },
      'capeLabels.events.publishers.ci.towers',
    ],
  ])(
    'is refused when it %s: nothing starts, audited as failed, logged once',
    async (_name, payload, reason) => {
      const label = b.oldLabel('ns-event');
      const failedBefore = (await b.audits('sweep-request', 'failed', 0))
        .length;
      const warnedBefore = lines(b, 'warn', 'sweep-requested').length;
      await publish(b, { ...payload, dryRun: false });
      expect(await b.runs('t1')).toHaveLength(0);
      expect(await b.runs('other')).toHaveLength(0);
      expect(b.sim.admin.label(label)).toBeDefined();
      const failed = await b.audits(
        'sweep-request',
        'failed',
        failedBefore + 1,
      );
      expect(failed.length).toBeGreaterThan(failedBefore);
      expect(failed.at(-1)).toContain('NotAllowedError');
      const warned = lines(b, 'warn', 'sweep-requested').slice(warnedBefore);
      expect(warned).toHaveLength(1);
      expect(warned[0]).toContain(reason);
    },
  );
});

describe('an accepted real sweep request on the bus while permission.enabled is not true', () => {
  const b = backendForDescribe({
    permissionsOff: true,
    capeLabels: acceptingEvents,
  });

  it('is refused, logged and audited; a preview runs', async () => {
    const label = b.oldLabel('ns-event');
    await publish(b, { towerId: 't1', requestedBy: 'ci' });
    expect(await b.runs()).toHaveLength(0);
    expect(b.sim.admin.label(label)).toBeDefined();
    const [refused] = lines(b, 'warn', 'sweep-requested');
    expect(refused).toContain('permission.enabled');
    const [audit] = await b.audits('sweep-request', 'failed');
    expect(audit).toContain('NotAllowedError');

    await publish(b, { towerId: 't1', dryRun: true, requestedBy: 'ci' });
    const [preview] = await b.runs();
    expect(preview).toMatchObject({ trigger: 'event', dryRun: true });
  });
});
