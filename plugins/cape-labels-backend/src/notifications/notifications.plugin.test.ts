import {
  createBackendPlugin,
  createServiceFactory,
} from '@backstage/backend-plugin-api';
import {
  notificationService,
  type NotificationSendOptions,
} from '@backstage/plugin-notifications-node';
import type { JsonObject } from '@backstage/types';
import {
  defaultCapeLabels,
  startCapeBackend,
  type CapeBackend,
} from '../service/__testUtils__/testBackend';

/** The notifications backend as the plugin sees it: installed, every notification kept. */
function installedNotifications(sent: NotificationSendOptions[]) {
  return [
    createServiceFactory({
      service: notificationService,
      deps: {},
      factory: () => ({ send: async o => void sent.push(o) }),
    }),
    // Stands in for the notifications backend: the plugin sees it installed.
    createBackendPlugin({
      pluginId: 'notifications',
      register(env) {
        env.registerInit({ deps: {}, async init() {} });
      },
    }),
  ];
}

const withOwner =
  (extra: JsonObject = {}) =>
  (url: string) => {
    const block = defaultCapeLabels(url);
    const towers = block.towers as { t1: JsonObject };
    return {
      ...block,
      ...extra,
      towers: { t1: { ...towers.t1, owner: 'group:default/platform-team' } },
    };
  };

describe('cape-labels notifications through the plugin', () => {
  let b: CapeBackend | undefined;
  afterEach(async () => {
    await b?.stop();
    b = undefined;
  });

  it('notifies the owner of a failing Tower, then its recovery', async () => {
    const sent: NotificationSendOptions[] = [];
    b = await startCapeBackend({
      capeLabels: withOwner(),
      features: installedNotifications(sent),
    });
    b.sim.admin.setFaults({ httpStatus: 500 });
    const failed = await b.sweep('t1');
    expect(failed.status).toBe('failed');
    b.sim.admin.clearFaults();
    const good = await b.sweep('t1');
    expect(good.status).toBe('succeeded');
    expect(
      sent.map(s => [
        s.recipients.type === 'entity' ? s.recipients.entityRef : 'broadcast',
        s.payload.severity,
        s.payload.link,
      ]),
    ).toEqual([
      [
        ['group:default/platform-team'],
        'high',
        `/cape-labels/towers/t1?run=${failed.id}`,
      ],
      [
        ['group:default/platform-team'],
        'low',
        `/cape-labels/towers/t1?run=${good.id}`,
      ],
    ]);
  });

  it('sends nothing with capeLabels.notifications.enabled: false', async () => {
    const sent: NotificationSendOptions[] = [];
    b = await startCapeBackend({
      capeLabels: withOwner({ notifications: { enabled: false } }),
      features: installedNotifications(sent),
    });
    b.sim.admin.setFaults({ httpStatus: 500 });
    expect((await b.sweep('t1')).status).toBe('failed');
    expect(sent).toEqual([]);
  });

  it('runs without the notifications backend: nothing sent, nothing logged as failing', async () => {
    b = await startCapeBackend({ capeLabels: withOwner() });
    b.sim.admin.setFaults({ httpStatus: 500 });
    expect((await b.sweep('t1')).status).toBe('failed');
    expect(b.logs.filter(l => l.includes('could not notify'))).toEqual([]);
    expect(b.logs.filter(l => l.includes('notified'))).toEqual([]);
  });
});
