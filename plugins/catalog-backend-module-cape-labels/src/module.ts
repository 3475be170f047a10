import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { catalogProcessingExtensionPoint } from '@backstage/plugin-catalog-node';
import { CapeLabelsTowerProvider } from './CapeLabelsTowerProvider';

/**
 * Catalog module: every Tower in `capeLabels.towers` becomes a `Resource` entity.
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
      },
      async init({ catalog, config, logger }) {
        catalog.addEntityProvider(new CapeLabelsTowerProvider(config, logger));
      },
    });
  },
});
