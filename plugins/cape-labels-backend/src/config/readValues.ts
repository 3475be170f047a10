import { readDurationFromConfig, type Config } from '@backstage/config';
import { InputError, toError } from '@backstage/errors';
import { Duration, type DurationLikeObject } from 'luxon';

/** Stops start-up: `key` names the setting, `problem` says what is wrong with it. */
export function invalid(key: string, problem: string): never {
  throw new InputError(`${key}: ${problem}`);
}

/**
 * Reads a duration in any of Backstage's forms: `{hours: 24}`, `'24h'`, `'PT24H'`; `fallback`
 * when the key is not set.
 */
export function readDuration(
  config: Config,
  key: string,
  fullKey: string,
  fallback: DurationLikeObject,
): Duration {
  if (!config.has(key)) return Duration.fromObject(fallback);
  let duration: Duration;
  try {
    duration = Duration.fromObject(readDurationFromConfig(config, { key }));
  } catch (error) {
    return invalid(
      fullKey,
      `must be a duration like { hours: 24 }, '24h' or 'PT24H' (${toError(error).message})`,
    );
  }
  if (!duration.isValid || !Number.isFinite(duration.as('milliseconds'))) {
    return invalid(fullKey, 'must be a valid duration');
  }
  return duration;
}

/** {@link readDuration}, refusing a negative one. */
export function readNonNegativeDuration(
  config: Config,
  key: string,
  fullKey: string,
  fallback: DurationLikeObject,
): Duration {
  const duration = readDuration(config, key, fullKey, fallback);
  if (duration.as('milliseconds') < 0) invalid(fullKey, 'must not be negative');
  return duration;
}

export function readPositiveInt(
  config: Config,
  key: string,
  fullKey: string,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const value = config.getOptionalNumber(key) ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    invalid(fullKey, `must be a whole number from 1 to ${max}`);
  }
  return value;
}
