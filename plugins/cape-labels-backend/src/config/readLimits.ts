import type { Config } from '@backstage/config';
import type { Duration } from 'luxon';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../cloudtower/transport';
import {
  invalid,
  readNonNegativeDuration,
  readPositiveInt,
} from './readValues';

/** The bounds put on what a Tower (or whoever answers in its place) can make the plugin do. */
export type TowerLimits = {
  /** `maxClockAhead`: how far ahead of ours Tower's clock may move the age cutoff. */
  maxClockAhead: Duration;
  /** `maxResponseBytes`: the largest answer read from a Tower. */
  maxResponseBytes: number;
};

/** Above this an answer is not worth waiting for: a page of 1,000 labels is well under 1 MiB. */
const MAX_RESPONSE_BYTES_LIMIT = 1024 * 1024 * 1024;

export function readTowerLimits(config: Config, root: string): TowerLimits {
  return {
    maxClockAhead: readNonNegativeDuration(
      config,
      'maxClockAhead',
      `${root}.maxClockAhead`,
      { minutes: 10 },
    ),
    maxResponseBytes: readPositiveInt(
      config,
      'maxResponseBytes',
      `${root}.maxResponseBytes`,
      DEFAULT_MAX_RESPONSE_BYTES,
      MAX_RESPONSE_BYTES_LIMIT,
    ),
  };
}

/** How the Towers' sweeps share time and a replica. */
export type FleetLimits = {
  /** `startSpread`: the window each Tower's stable start offset falls in. */
  startSpread: Duration;
  /** `maxConcurrentSweeps`: sweeps one replica runs at once. */
  maxConcurrentSweeps: number;
};

const MAX_START_SPREAD_HOURS = 24;

export function readFleetLimits(config: Config, root: string): FleetLimits {
  const key = `${root}.startSpread`;
  const startSpread = readNonNegativeDuration(config, 'startSpread', key, {
    minutes: 5,
  });
  if (startSpread.as('hours') > MAX_START_SPREAD_HOURS) {
    invalid(key, `must be at most ${MAX_START_SPREAD_HOURS} hours`);
  }
  return {
    startSpread,
    maxConcurrentSweeps: readPositiveInt(
      config,
      'maxConcurrentSweeps',
      `${root}.maxConcurrentSweeps`,
      4,
      1000,
    ),
  };
}
