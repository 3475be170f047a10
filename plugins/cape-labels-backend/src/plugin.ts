import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import {
  actionsRegistryServiceRef,
  metricsServiceRef,
} from '@backstage/backend-plugin-api/alpha';
import { eventsServiceRef } from '@backstage/plugin-events-node';
import { notificationService } from '@backstage/plugin-notifications-node';
import { signalsServiceRef } from '@backstage/plugin-signals-node';
import os from 'node:os';
import { registerCapeLabelsActions } from './actions';
import {
  readAccessConfig,
  readCapeLabelsConfig,
  transportWarnings,
} from './config/readConfig';
import { reloadTowerOwnership } from './config/ownershipReloads';
import { openRunStore } from './database/RunStore';
import {
  notificationsBackendInstalled,
  RunNotifier,
} from './notifications/RunNotifier';
import { registerTowerResource, TowerAccess } from './service/access';
import { createRouter } from './service/router';
import {
  gatedSweepRequests,
  subscribeSweepRequests,
  TowerSweeps,
} from './service/sweepOnRequest';
import { TowerReads } from './service/towerReads';
import { runProgressSignals } from './signals/RunProgressSignals';
import { SweepCoordinator } from './sweep/SweepCoordinator';
import { SweepMetrics } from './sweep/metrics';
import { pluginHooks } from './sweep/sweeperHooks';

/**
 * Sweeps orphan CAPE labels out of SmartX CloudTower: one global scheduled task per Tower.
 *
 * @public
 */
export const capeLabelsPlugin = createBackendPlugin({
  pluginId: 'cape-labels',
  register(env) {
    env.registerInit({
      deps: {
        config: coreServices.rootConfig,
        logger: coreServices.logger,
        lifecycle: coreServices.lifecycle,
        database: coreServices.database,
        scheduler: coreServices.scheduler,
        httpRouter: coreServices.httpRouter,
        httpAuth: coreServices.httpAuth,
        permissions: coreServices.permissions,
        permissionsRegistry: coreServices.permissionsRegistry,
        auditor: coreServices.auditor,
        events: eventsServiceRef,
        notifications: notificationService,
        signals: signalsServiceRef,
        instanceMetadata: coreServices.rootInstanceMetadata,
        metrics: metricsServiceRef,
        actionsRegistry: actionsRegistryServiceRef,
      },
      async init({
        config,
        logger,
        lifecycle,
        database,
        scheduler,
        httpRouter,
        httpAuth,
        permissions,
        permissionsRegistry,
        auditor,
        events,
        notifications,
        signals,
        instanceMetadata,
        metrics,
        actionsRegistry,
      }) {
        const capeConfig = readCapeLabelsConfig(config);
        const accessConfig = readAccessConfig(config);
        capeConfig.towers
          .flatMap(transportWarnings)
          .forEach(warning => logger.warn(warning));
        const store = await openRunStore({ database });

        const coordinator = new SweepCoordinator({
          config: capeConfig,
          store,
          scheduler,
          logger,
          instance: `${os.hostname()}:${process.pid}`,
          metrics: new SweepMetrics({
            metrics,
            logger,
            lastSucceeded: () =>
              store.lastSucceeded(capeConfig.towers.map(t => t.id)),
          }),
          instanceId: instanceMetadata.getId(),
          hooks: pluginHooks({
            auditor,
            events,
            logger,
            notifier: capeConfig.notificationsEnabled
              ? new RunNotifier({
                  notifications,
                  logger,
                  isInstalled: notificationsBackendInstalled(
                    instanceMetadata,
                    config,
                  ),
                  store,
                  pagePath: capeConfig.notificationsPagePath,
                  language: capeConfig.notificationsLanguage,
                })
              : undefined,
            onProgress: runProgressSignals(signals, logger),
          }),
        });
        const ownershipReloads = config.subscribe?.(() =>
          reloadTowerOwnership(config, logger, capeConfig.towers),
        );
        lifecycle.addShutdownHook(() => ownershipReloads?.unsubscribe());
        lifecycle.addShutdownHook(() => coordinator.shutdown());
        await coordinator.start();
        if (capeConfig.towers.length === 0)
          logger.info('No capeLabels.towers configured: nothing will be swept');

        const requests = gatedSweepRequests(coordinator, accessConfig, logger);
        registerTowerResource(permissionsRegistry, coordinator, logger);
        const access = new TowerAccess({ permissions, towers: coordinator });
        const reads = new TowerReads({ towers: coordinator, store, access });
        const sweeps = new TowerSweeps({ access, requests, auditor });
        httpRouter.use(
          await createRouter({ reads, sweeps, store, httpAuth, logger }),
        );
        registerCapeLabelsActions(actionsRegistry, { reads, sweeps });
        httpRouter.addAuthPolicy({ path: '/health', allow: 'unauthenticated' });

        await subscribeSweepRequests({
          events,
          auditor,
          logger,
          requests,
          accept: accessConfig.acceptEventSweepRequests,
          publishers: accessConfig.eventPublishers,
        });
      },
    });
  },
});
