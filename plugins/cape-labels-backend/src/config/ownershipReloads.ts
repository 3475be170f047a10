import type {
  LoggerService,
  RootConfigService,
} from '@backstage/backend-plugin-api';
import { toError } from '@backstage/errors';
import {
  readTowerOwnership,
  type TowerOwnership,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerConfig } from './types';

const sameOwnership = (a: TowerOwnership, b: TowerOwnership) =>
  a.owner === b.owner && a.notify.join('\n') === b.notify.join('\n');

/**
 * On a config reload, sets each Tower's `owner` and `notify` as the root config says now, so that
 * permissions, the API and notifications follow as the catalog does; nothing else is reloaded.
 */
export function reloadTowerOwnership(
  config: RootConfigService,
  logger: LoggerService,
  towers: TowerConfig[],
): void {
  let ownerships: Map<string, TowerOwnership>;
  try {
    ownerships = new Map(
      towers.flatMap(({ id }) => {
        const key = `capeLabels.towers.${id}`;
        const block = config.getOptionalConfig(key);
        return block ? [[id, readTowerOwnership(block, key)] as const] : [];
      }),
    );
  } catch (error) {
    logger.error(
      `Config reloaded with an invalid Tower owner or notify; every Tower keeps its previous ones: ${toError(error).message}`,
    );
    return;
  }
  for (const tower of towers) {
    const now = ownerships.get(tower.id);
    if (!now || sameOwnership(now, tower)) continue;
    tower.owner = now.owner;
    tower.notify = now.notify;
    logger.info(
      `Tower ${tower.id}: owner ${now.owner ?? 'none'}, notify ${now.notify.join(', ') || 'nobody'} (config reloaded)`,
    );
  }
}
