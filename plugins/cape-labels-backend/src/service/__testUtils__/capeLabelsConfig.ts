import type { JsonObject } from '@backstage/types';
import { towerConnectionConfig } from '../../__testUtils__/towerLogin';
import { EVERY_START_DUE } from '../../config/__testUtils__/testTowerConfig';

/** The simulator's URL as the config of one Tower, logging in as the simulator's test user. */
export function towerEntry(url: string, over: JsonObject = {}): JsonObject {
  return {
    ...towerConnectionConfig(url),
    minAge: { hours: 24 },
    ...over,
  };
}

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

/** `defaultCapeLabels` acting on sweep requests from the events bus; publisher `ci` may ask for `t1`. */
export function acceptingEvents(url: string): JsonObject {
  return {
    ...defaultCapeLabels(url),
    events: {
      acceptSweepRequests: true,
      publishers: { ci: { towers: ['t1'] } },
    },
  };
}

/**
 * A Tower on the same simulator whose every start is a due scheduled sweep; its own prefix, since
 * one server and prefix may have only one id.
 */
export function scheduledTower(url: string): JsonObject {
  return towerEntry(url, { resourcePrefix: 'sks', schedule: EVERY_START_DUE });
}

/** The password of the Tower `bad`: Tower refuses it, and it must never show up either. */
export const WRONG_PASSWORD = 'wrong-tower-pw-also-secret';

/** Two Towers on the simulator: `good` logs in, `bad` with a password Tower refuses. */
export function goodAndBadTowers(
  url: string,
  schedule: JsonObject = dailySchedule(),
): JsonObject {
  return {
    schedule,
    towers: {
      good: towerEntry(url),
      bad: towerEntry(url, { password: WRONG_PASSWORD, resourcePrefix: 'bad' }),
    },
  };
}
