import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { catalogProcessingExtensionPoint } from '@backstage/plugin-catalog-node';
import { CapeLabelsTowerProvider } from './CapeLabelsTowerProvider';
import { towerEntityRules } from './towerEntityPermissions';

/**
 * Catalog module: every Tower in `capeLabels.towers` becomes a `Resource` entity, and the catalog
 * learns the rules a policy's `createTowerEntityReadDecision` decides Tower entities by.
 *
 * @public
 */
export const catalogModuleCapeLabelsTowers = createBackendModule({
  pluginId: 'catalog',
  moduleId: 'cape-labels-towers',
  register(reg) {
    reg.registerInit({
      deps: {
        catalog: catalogProcessingExtensionPoint,
        config: coreServices.rootConfig,
        logger: coreServices.logger,
        permissionsRegistry: coreServices.permissionsRegistry,
      },
      async init({ catalog, config, logger, permissionsRegistry }) {
        const provider = new CapeLabelsTowerProvider(config, logger);
        catalog.addEntityProvider(provider);
        permissionsRegistry.addPermissionRules(
          towerEntityRules(() => provider.towers()),
        );
      },
    });
  },
});
