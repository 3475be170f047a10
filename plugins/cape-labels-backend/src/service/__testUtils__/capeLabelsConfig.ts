import type { JsonObject } from '@backstage/types';
import { TOWER_PASSWORD } from '../../__testUtils__/towerLogin';

/** The simulator's user the plugin logs in as. */
export const USERNAME = 'gc';

/** The simulator's URL as the config of one Tower, the password the simulator accepts. */
export function towerEntry(url: string, over: JsonObject = {}): JsonObject {
  return {
    server: url,
    username: USERNAME,
    password: TOWER_PASSWORD,
    minAge: { hours: 24 },
    ...over,
  };
}

/**
 * A Tower schedule under which every start of the task is a due scheduled sweep (the mock
 * scheduler starts tasks only on triggerTask): for tests that stand in for the schedule.
 */
export const EVERY_START_DUE: JsonObject = {
  frequency: { seconds: 1 },
  timeout: { minutes: 5 },
  initialDelay: { seconds: 0 },
};

/** A daily schedule first due after `firstRunIn` (1 h: sweeps happen only when a test asks). */
export function dailySchedule(
  firstRunIn: JsonObject = { hours: 1 },
): JsonObject {
  return {
    frequency: { hours: 24 },
    timeout: { minutes: 5 },
    initialDelay: firstRunIn,
  };
}

/** One Tower `t1` on the simulator; sweeps happen only when a test asks. */
export function defaultCapeLabels(url: string): JsonObject {
  return {
    schedule: dailySchedule(),
    requestTimeout: { seconds: 10 },
    towers: { t1: towerEntry(url, { title: 'Tower One' }) },
  };
}
