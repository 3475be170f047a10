import { ConfigReader } from '@backstage/config';
import type { JsonObject } from '@backstage/types';
import { towerConnectionConfig } from '../../__testUtils__/towerLogin';
import { readCapeLabelsConfig } from '../readConfig';
import type { TowerConfig } from '../types';

/**
 * A Tower schedule, as app-config writes it, under which every start of the task is a due
 * scheduled sweep: for tests that stand in for the schedule (they start the task themselves).
 */
export const EVERY_START_DUE: JsonObject = {
  frequency: { milliseconds: 1 },
  timeout: { minutes: 5 },
  initialDelay: { milliseconds: 0 },
};

/**
 * A Tower as the config reader builds it from its app-config `entry` (the test user's login
 * unless the entry says otherwise; every default applied), then `over` on top.
 */
export function testTowerConfig(
  towerId: string,
  entry: { server: string } & JsonObject,
  over: Partial<TowerConfig> = {},
): TowerConfig {
  const config = new ConfigReader({
    capeLabels: {
      towers: {
        [towerId]: { ...towerConnectionConfig(entry.server), ...entry },
      },
    },
  });
  const [tower] = readCapeLabelsConfig(config).towers;
  return { ...tower, ...over };
}
