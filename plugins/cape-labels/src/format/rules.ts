import { Duration } from 'luxon';

/** An ISO-8601 duration (`P1D`, `PT30M`) as people read it in `locale`; as written when invalid. */
export function isoDuration(iso: string, locale: string): string {
  const duration = Duration.fromISO(iso);
  if (!duration.isValid) return iso;
  return duration.rescale().reconfigure({ locale }).toHuman();
}
