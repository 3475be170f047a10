import { DateTime } from 'luxon';

/** Tower's time as an HTTP `Date` header told it, or why it could not. */
export type TowerTimeSample = { towerTimeMs: number } | { reason: string };

/** Reads an HTTP `Date` header (RFC 1123 and the other HTTP forms, always UTC). */
export function sampleDateHeader(
  header: string | null | undefined,
): TowerTimeSample {
  if (!header) return { reason: 'Tower sent no Date header' };
  const towerTime = DateTime.fromHTTP(header, { zone: 'utc' });
  if (!towerTime.isValid) {
    return { reason: 'Tower sent a Date header that is not an HTTP date' };
  }
  return { towerTimeMs: towerTime.toMillis() };
}
