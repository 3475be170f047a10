import { DateTime } from 'luxon';

/** "3 minutes ago" / "in 2 hours"; the input itself when it is no date. */
export function relativeTime(iso: string): string {
  const date = DateTime.fromISO(iso);
  return date.isValid ? (date.toRelative() ?? iso) : iso;
}
