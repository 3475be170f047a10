import type { RunClock } from '@smartx-cape/plugin-cape-labels-common';
import { DateTime, Duration } from 'luxon';
import type { Lang } from '../translation';
import { formatCount } from './numbers';

function parse(iso: string | null | undefined, locale: string) {
  if (!iso) return undefined;
  const date = DateTime.fromISO(iso).setLocale(locale);
  return date.isValid ? date : undefined;
}

/** "3 minutes ago" / "in 2 hours" ("3分钟前") in `locale`; `fallback` when there is no date. */
export function relativeTime(
  iso: string | null | undefined,
  locale: string,
  fallback = '—',
): string {
  const date = parse(iso, locale);
  if (!date) return fallback;
  return date.toRelative() ?? date.toLocaleString(DateTime.DATETIME_MED);
}

/** Exact local time in `locale`, for the hover title. */
export function exactTime(
  iso: string | null | undefined,
  locale: string,
): string | undefined {
  return parse(iso, locale)?.toLocaleString(
    DateTime.DATETIME_FULL_WITH_SECONDS,
  );
}

/** Date and time to the second ("Nov 30, 2026, 2:15:07 PM", "2026年11月30日 14:15:07"). */
export function dateTime(iso: string, locale: string): string {
  return (
    parse(iso, locale)?.toLocaleString(DateTime.DATETIME_MED_WITH_SECONDS) ??
    iso
  );
}

/** "Nov 30, 02:15 PM": a chart axis's label of a run. */
export function shortTime(iso: string, locale: string): string {
  return (
    parse(iso, locale)?.toLocaleString({
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }) ?? iso
  );
}

/** "1.2 s", "3 min 4 s", "1 h 2 min" ("1 小时 2 分钟"). */
export function formatDuration(
  ms: number | null | undefined,
  { t, locale }: Lang,
): string {
  if (ms === null || ms === undefined) {
    return '—';
  }
  if (ms < 1000) {
    return t('duration.ms', { n: formatCount(ms, locale) });
  }
  if (ms < 60_000) {
    const seconds = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(ms / 1000);
    return t('duration.s', { n: seconds });
  }
  const d = Duration.fromMillis(ms).shiftTo('hours', 'minutes', 'seconds');
  const parts: string[] = [];
  if (d.hours) parts.push(t('duration.h', { n: formatCount(d.hours, locale) }));
  if (d.minutes)
    parts.push(t('duration.min', { n: formatCount(d.minutes, locale) }));
  if (!d.hours && d.seconds)
    parts.push(
      t('duration.s', { n: formatCount(Math.floor(d.seconds), locale) }),
    );
  return parts.join(' ');
}

/**
 * Whose clock a run's age cutoff was taken on, e.g. "Tower's, 2 h behind ours", and whether it
 * was too far ahead to be followed.
 */
export function formatClock(clock: RunClock, lang: Lang): string {
  const { t } = lang;
  if (clock.source === 'local' || clock.skewMs === null) {
    return t('clock.local');
  }
  const skew = clock.skewMs;
  // The Date header has whole seconds: under 2 s apart is in step.
  if (Math.abs(skew) < 2000) return t('clock.inStep');
  const duration = formatDuration(Math.abs(skew), lang);
  const reading =
    skew < 0 ? t('clock.behind', { duration }) : t('clock.ahead', { duration });
  // The age cutoff then sat only capeLabels.maxClockAhead ahead of ours.
  return clock.capped ? t('clock.capped', { reading }) : reading;
}
