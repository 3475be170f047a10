import { ConfigReader } from '@backstage/config';
import type { JsonObject } from '@backstage/types';
import { readAccessConfig } from '../config/readConfig';
import { invokeAction } from '../actions/__testUtils__/invokeAction';
import {
  backendForDescribe,
  defaultCapeLabels,
  scheduledTower,
  towerEntry,
  type CapeBackend,
} from './__testUtils__/testBackend';
import { asUser } from './__testUtils__/permissionBackend';

/** The default config plus `sched` (every start a due scheduled sweep) and `dry` (configured dryRun). */
function capeLabelsWith(extra: JsonObject = {}) {
  return (url: string): JsonObject => {
    const config = defaultCapeLabels(url);
    Object.assign(config.towers as JsonObject, {
      sched: scheduledTower(url),
      // Its own prefix: one server and prefix may have only one id.
      dry: towerEntry(url, { dryRun: true, resourcePrefix: 'dry' }),
    });
    return { ...config, ...extra };
  };
}

const guest = () => asUser('user:development/guest');

const optInWarnings = (b: CapeBackend) =>
  b.logs.filter(
    l =>
      l.startsWith('warn ') &&
      l.includes('capeLabels.allowManualSweepsWithoutPermissions is true'),
  );

describe('real sweeps on request while permission.enabled is not true', () => {
  const b = backendForDescribe({
    permissionsOff: true,
    capeLabels: capeLabelsWith(),
  });

  it('answers 403 naming permission.enabled and the opt-out, and deletes nothing', async () => {
    const label = b.oldLabel('ns-refused');
    const res = await b.postSweep('t1', {});
    expect(res.status).toBe(403);
    expect(res.body.error.name).toBe('NotAllowedError');
    expect(res.body.error.message).toContain('permission.enabled');
    expect(res.body.error.message).toContain(
      'capeLabels.allowManualSweepsWithoutPermissions',
    );
    expect(await b.runs('t1')).toHaveLength(0);
    expect(b.sim.admin.label(label)).toBeDefined();
    expect(optInWarnings(b)).toHaveLength(0);
  });

  it('refuses a stop through the API and the action with 403 naming the settings, and stops nothing', async () => {
    const route = await b.postStop('t1', guest());
    const action = await invokeAction(
      b,
      'stop-tower-sweep',
      { towerId: 't1' },
      guest(),
    );
    for (const res of [route, action]) {
      expect(res.status).toBe(403);
      expect(res.body.error.name).toBe('NotAllowedError');
      expect(res.body.error.message).toContain('permission.enabled');
      expect(res.body.error.message).toContain(
        'capeLabels.allowManualSweepsWithoutPermissions',
      );
    }
    expect(b.logs.filter(l => l.includes('asked to stop'))).toHaveLength(0);
  });

  it('still runs previews and sweeps of a Tower configured dryRun', async () => {
    const label = b.oldLabel('ns-preview');
    const preview = await b.sweep('t1', { dryRun: true });
    expect(preview).toMatchObject({ trigger: 'manual', dryRun: true });
    const dry = await b.sweep('dry', {});
    expect(dry).toMatchObject({ trigger: 'manual', dryRun: true });
    expect(b.sim.admin.label(label)).toBeDefined();
  });

  it('still deletes in scheduled sweeps', async () => {
    const label = b.oldLabel('ns-scheduled', 'sks-namespace');
    await b.scheduler.triggerTask('cape-labels:sweep:sched');
    const [run] = await b.runs('sched');
    expect(run).toMatchObject({ trigger: 'schedule', dryRun: false });
    expect(run.counts.deleted).toBeGreaterThan(0);
    expect(b.sim.admin.label(label)).toBeUndefined();
  });
});

describe('capeLabels.allowManualSweepsWithoutPermissions: true', () => {
  const b = backendForDescribe({
    permissionsOff: true,
    capeLabels: capeLabelsWith({ allowManualSweepsWithoutPermissions: true }),
  });

  it('opens real sweeps on request and says so at start', async () => {
    expect(optInWarnings(b)).toHaveLength(1);
    const label = b.oldLabel('ns-opted-in');
    const run = await b.sweep('t1', {});
    expect(run).toMatchObject({ trigger: 'manual', dryRun: false });
    expect(b.sim.admin.label(label)).toBeUndefined();
  });

  it('opens stops too: a stop of an idle Tower is a 409, not a refusal', async () => {
    const res = await b.postStop('t1', guest());
    expect(res.status).toBe(409);
  });
});

describe('readAccessConfig', () => {
  const read = (data: object) => () => readAccessConfig(new ConfigReader(data));

  it('is closed by default and reads permission.enabled as Backstage does', () => {
    expect(read({})()).toEqual({
      permissionsEnabled: false,
      allowManualSweepsWithoutPermissions: false,
      acceptEventSweepRequests: false,
      eventPublishers: new Map(),
    });
    expect(read({ permission: { enabled: 'true' } })()).toMatchObject({
      permissionsEnabled: true,
    });
  });

  it.each([
    ['permission.enabled', { permission: { enabled: 'maybe' } }],
    [
      'capeLabels.allowManualSweepsWithoutPermissions',
      { capeLabels: { allowManualSweepsWithoutPermissions: [true] } },
    ],
    [
      'capeLabels.events.acceptSweepRequests',
      { capeLabels: { events: { acceptSweepRequests: 'sometimes' } } },
    ],
  ])('names %s when it is not a boolean', (key, data) => {
    expect(read(data)).toThrow(`${key}: must be true or false`);
  });

  const towers = { a: {}, b: {} };
  const publishers = (value: unknown) => ({
    capeLabels: { towers, events: { publishers: value } },
  });

  it('reads each event publisher with its Towers, or every Tower for *', () => {
    const { eventPublishers } = read(
      publishers({ ci: { towers: ['a'] }, ops: { towers: ['*'] } }),
    )();
    expect(eventPublishers).toEqual(
      new Map<string, unknown>([
        ['ci', new Set(['a'])],
        ['ops', 'all'],
      ]),
    );
  });

  it.each([
    [
      'capeLabels.events.publishers.ci.towers[1]',
      publishers({ ci: { towers: ['a', 'c'] } }),
    ],
    ['capeLabels.events.publishers.ci.towers', publishers({ ci: {} })],
    [
      'capeLabels.events.publishers.ci.towers',
      publishers({ ci: { towers: 'a' } }),
    ],
    ['capeLabels.events.publishers.CI', publishers({ CI: { towers: ['a'] } })],
  ])('names %s when it is invalid', (key, data) => {
    expect(read(data)).toThrow(`${key}:`);
  });
});
