import type {
  LoggerService,
  RootConfigService,
  RootInstanceMetadataService,
} from '@backstage/backend-plugin-api';
import type { NotificationPayload } from '@backstage/plugin-notifications-common';
import type { NotificationService } from '@backstage/plugin-notifications-node';
import type {
  CapeLabelsLanguage,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerConfig } from '../config/types';
import type { NotifiedHealthStore } from '../database/RunStore';
import type { HeldDeletion } from '../sweep/decide';
import { heldDeletedMessage, runHealthMessage, runLink } from './messages';
import { runHealth, type KeptCounts } from './runHealth';

type RunNotifierOptions = {
  notifications: NotificationService;
  isInstalled: () => Promise<boolean>;
  store: NotifiedHealthStore;
  logger: LoggerService;
  pagePath: string;
  language?: CapeLabelsLanguage;
};

/**
 * Reads and writes the notified health without a lock: only the replica that ran the sweep calls
 * it, and the scheduler's lease makes that one replica per Tower at a time.
 */
export class RunNotifier {
  constructor(private readonly options: RunNotifierOptions) {}

  async onRunCompleted(
    tower: TowerConfig,
    run: RunSummary,
    kept: KeptCounts,
  ): Promise<void> {
    if (tower.notify.length === 0) return;
    const verdict = runHealth(run, kept);
    if (verdict.health === 'unknown') return;
    if (!(await this.options.isInstalled())) return;
    const { store, language } = this.options;
    const bad = verdict.health === 'bad';
    // A good run is news only after a bad one.
    if (!bad && (await store.getNotifiedHealth(tower.id)) !== 'bad') return;
    const message = runHealthMessage(tower, run, verdict, language);
    await this.send(tower, run, message);
    await store.setNotifiedHealth(tower.id, verdict.health, run.id, new Date());
  }

  async onHeldLabelsDeleted(
    tower: TowerConfig,
    run: RunSummary,
    deletions: readonly HeldDeletion[],
  ): Promise<void> {
    if (tower.notify.length === 0) return;
    if (!(await this.options.isInstalled())) return;
    const { language } = this.options;
    const message = heldDeletedMessage(tower, run, deletions, language);
    await this.send(tower, run, message);
  }

  private async send(
    tower: TowerConfig,
    run: RunSummary,
    payload: NotificationPayload,
  ) {
    await this.options.notifications.send({
      recipients: { type: 'entity', entityRef: tower.notify },
      payload: { ...payload, link: runLink(run, this.options.pagePath) },
    });
    this.options.logger.info(
      `Tower ${tower.id}: notified ${tower.notify.join(', ')}: ${payload.title}`,
    );
  }
}

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
