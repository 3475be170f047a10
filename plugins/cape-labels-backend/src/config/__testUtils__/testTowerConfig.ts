import { ConfigReader } from '@backstage/config';
import { readCapeLabelsConfig } from '../readConfig';
import type { TowerConfig } from '../types';

/** A Tower as the config reader builds it (every default applied), then `over` on top. */
export function testTowerConfig(
  towerId: string,
  connection: { server: string; username: string; password: string },
  over: Partial<TowerConfig> = {},
): TowerConfig {
  const config = new ConfigReader({
    capeLabels: { towers: { [towerId]: connection } },
  });
  const [tower] = readCapeLabelsConfig(config).towers;
  return { ...tower, ...over };
}
