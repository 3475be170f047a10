import { DateTime } from 'luxon';
import type { TowerClockReading } from './types';

/** Tower's clock from an HTTP `Date` header received at `receivedAtMs` (our clock). */
export function clockFromDateHeader(
  header: string | null | undefined,
  receivedAtMs: number,
): TowerClockReading {
  if (!header) return { source: 'local', reason: 'Tower sent no Date header' };
  const towerTime = DateTime.fromHTTP(header, { zone: 'utc' });
  if (!towerTime.isValid) {
    return {
      source: 'local',
      reason: 'Tower sent a Date header that is not an HTTP date',
    };
  }
  return { source: 'tower', skewMs: towerTime.toMillis() - receivedAtMs };
}
