import type {
  LoggerService,
  RootConfigService,
} from '@backstage/backend-plugin-api';
import { stringifyError, toError } from '@backstage/errors';
import type {
  EntityProvider,
  EntityProviderConnection,
} from '@backstage/plugin-catalog-node';
import {
  readTowerDirectory,
  type TowerDirectoryEntry,
} from '@smartx-cape/plugin-cape-labels-common';
import { isRepresentable, TOWER_LOCATION, towerEntity } from './towerEntities';

/** Whether the entities link to the Towers' web UI, which names their address. */
const LINK_TOWERS_KEY = 'capeLabels.catalog.linkTowers';

/**
 * Emits every configured Tower as a `Resource` entity: a full mutation when the catalog connects
 * and again whenever the config changes, so a Tower removed from config disappears.
 *
 * @public
 */
export class CapeLabelsTowerProvider implements EntityProvider {
  private connection?: EntityProviderConnection;
  private written: readonly TowerDirectoryEntry[] = [];

  constructor(
    private readonly config: RootConfigService,
    private readonly logger: LoggerService,
  ) {}

  /** The provider's name in the catalog: `cape-labels-towers`. */
  getProviderName(): string {
    return 'cape-labels-towers';
  }

  /** Called by the catalog once: emits the Towers and follows config changes. */
  async connect(connection: EntityProviderConnection): Promise<void> {
    this.connection = connection;
    await this.refresh();
    this.config.subscribe?.(() => {
      this.refresh().catch(error =>
        this.logger.error(
          `Could not refresh Tower entities: ${stringifyError(error)}`,
        ),
      );
    });
  }

  /** The Towers whose entities the last mutation wrote, as the catalog's Tower rules read them. */
  towers(): readonly TowerDirectoryEntry[] {
    return this.written;
  }

  private linkTowers(): boolean {
    return this.config.getOptionalBoolean(LINK_TOWERS_KEY) ?? false;
  }

  /** Replaces every entity of this provider by the Towers configured now. */
  async refresh(): Promise<void> {
    if (!this.connection) return;
    let towers;
    try {
      towers = readTowerDirectory(this.config);
    } catch (error) {
      // Keep the entities we have: a typo in a reloaded config must not empty the catalog.
      this.logger.error(
        `Tower entities not updated: ${toError(error).message}`,
      );
      return;
    }
    for (const tower of towers.filter(t => !isRepresentable(t))) {
      this.logger.warn(
        `Tower '${tower.id}' is not in the catalog: entity names have at most 63 characters`,
      );
    }
    const represented = towers.filter(isRepresentable);
    await this.connection.applyMutation({
      type: 'full',
      entities: represented.map(tower => ({
        entity: towerEntity(tower, this.linkTowers()),
        locationKey: TOWER_LOCATION,
      })),
    });
    this.written = represented;
    this.logger.info(`Tower entities: ${towers.length} configured`);
  }
}
