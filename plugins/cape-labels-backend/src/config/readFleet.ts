import type { Config } from '@backstage/config';
import type { Duration } from 'luxon';
import { invalid, readDuration, readPositiveInt } from './readValues';

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
  const startSpread = readDuration(config, 'startSpread', key, { minutes: 5 });
  const ms = startSpread.as('milliseconds');
  if (ms < 0) invalid(key, 'must not be negative');
  if (ms > MAX_START_SPREAD_HOURS * 3_600_000) {
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
