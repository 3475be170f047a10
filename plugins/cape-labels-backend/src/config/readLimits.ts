import type { Config } from '@backstage/config';
import type { Duration } from 'luxon';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../cloudtower/transport';
import { invalid, readDuration, readPositiveInt } from './readValues';

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
  const maxClockAhead = readDuration(
    config,
    'maxClockAhead',
    `${root}.maxClockAhead`,
    { minutes: 10 },
  );
  if (maxClockAhead.as('milliseconds') < 0) {
    invalid(`${root}.maxClockAhead`, 'must not be negative');
  }
  return {
    maxClockAhead,
    maxResponseBytes: readPositiveInt(
      config,
      'maxResponseBytes',
      `${root}.maxResponseBytes`,
      DEFAULT_MAX_RESPONSE_BYTES,
      MAX_RESPONSE_BYTES_LIMIT,
    ),
  };
}
