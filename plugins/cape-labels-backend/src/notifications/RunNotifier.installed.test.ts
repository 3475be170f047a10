import { mockServices } from '@backstage/backend-test-utils';
import { notificationsBackendInstalled } from './RunNotifier';

const instance = (pluginIds: string[]) => ({
  getId: () => 'test',
  getInstalledPlugins: async () =>
    pluginIds.map(pluginId => ({ pluginId, modules: [] })),
});

describe('notificationsBackendInstalled', () => {
  const config = (data: object = {}) => mockServices.rootConfig({ data });

  it('sees the notifications backend in this backend', async () => {
    expect(
      await notificationsBackendInstalled(
        instance(['cape-labels', 'notifications']),
        config(),
      )(),
    ).toBe(true);
    expect(
      await notificationsBackendInstalled(
        instance(['cape-labels']),
        config(),
      )(),
    ).toBe(false);
  });

  it('sees it behind discovery.endpoints on another deployment', async () => {
    const routed = config({
      discovery: {
        endpoints: [
          {
            target: 'http://other:7007/api/{{pluginId}}',
            plugins: ['notifications'],
          },
        ],
      },
    });
    expect(
      await notificationsBackendInstalled(instance(['cape-labels']), routed)(),
    ).toBe(true);
  });
});
