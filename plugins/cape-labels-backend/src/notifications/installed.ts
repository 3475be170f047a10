import type {
  RootConfigService,
  RootInstanceMetadataService,
} from '@backstage/backend-plugin-api';

/** Answers what Backstage's system metadata service would, without requiring that service. */
export function notificationsBackendInstalled(
  instance: RootInstanceMetadataService,
  config: RootConfigService,
): () => Promise<boolean> {
  return async () => {
    const endpoints =
      config.getOptionalConfigArray('discovery.endpoints') ?? [];
    const routed = endpoints.flatMap(
      e => e.getOptionalStringArray('plugins') ?? [],
    );
    if (routed.includes('notifications')) return true;
    const plugins = await instance.getInstalledPlugins();
    return plugins.some(p => p.pluginId === 'notifications');
  };
}
