import type { TowerClient } from '../../cloudtower/TowerClient';

/** The real client's methods, with `overrides` in place of some. */
export function overriding(
  client: TowerClient,
  overrides: Partial<TowerClient>,
): TowerClient {
  return {
    listLabelPages: client.listLabelPages.bind(client),
    readLabelRelations: client.readLabelRelations.bind(client),
    checkLabels: client.checkLabels.bind(client),
    deleteLabelsGuarded: client.deleteLabelsGuarded.bind(client),
    readExistingIds: client.readExistingIds.bind(client),
    readHeldLabels: client.readHeldLabels.bind(client),
    readClock: client.readClock.bind(client),
    loginUsed: client.loginUsed.bind(client),
    close: client.close.bind(client),
    ...overrides,
  };
}
