import type {
  RootConfigService,
  RootInstanceMetadataService,
} from '@backstage/backend-plugin-api';

/** Plugins that `discovery.endpoints` routes to another backend deployment. */
function discoveredPlugins(config: RootConfigService): string[] {
  const endpoints = config.getOptionalConfigArray('discovery.endpoints') ?? [];
  return endpoints.flatMap(e => e.getOptionalStringArray('plugins') ?? []);
}

/**
 * Whether the notifications backend runs in this backend or behind `discovery.endpoints`
 * (what Backstage's system metadata service answers, without requiring that service).
 */
export function notificationsBackendInstalled(
  instance: RootInstanceMetadataService,
  config: RootConfigService,
): () => Promise<boolean> {
  return async () => {
    if (discoveredPlugins(config).includes('notifications')) return true;
    const plugins = await instance.getInstalledPlugins();
    return plugins.some(p => p.pluginId === 'notifications');
  };
}
