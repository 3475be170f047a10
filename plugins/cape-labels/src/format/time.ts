import type { RunClock } from '@smartx-cape/plugin-cape-labels-common';
import { DateTime, Duration } from 'luxon';

/** "3 minutes ago" / "in 2 hours"; `fallback` when there is no date. */
export function relativeTime(iso: string | null | undefined, fallback = '—') {
  if (!iso) {
    return fallback;
  }
  const date = DateTime.fromISO(iso);
  if (!date.isValid) {
    return fallback;
  }
  return date.toRelative() ?? date.toLocaleString(DateTime.DATETIME_MED);
}

/** Exact local time, for the hover title. */
export function exactTime(iso: string | null | undefined): string | undefined {
  if (!iso) {
    return undefined;
  }
  const date = DateTime.fromISO(iso);
  return date.isValid
    ? date.toLocaleString(DateTime.DATETIME_FULL_WITH_SECONDS)
    : undefined;
}

/** "Nov 30, 02:15 PM": a chart axis's label of a run. */
export function shortTime(iso: string): string {
  const date = DateTime.fromISO(iso);
  return date.isValid
    ? date.toLocaleString({
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : iso;
}

/** "1.2 s", "3 min 4 s", "1 h 2 min". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) {
    return '—';
  }
  if (ms < 1000) {
    return `${ms} ms`;
  }
  if (ms < 60_000) {
    return `${(ms / 1000).toFixed(1)} s`;
  }
  const d = Duration.fromMillis(ms).shiftTo('hours', 'minutes', 'seconds');
  const parts: string[] = [];
  if (d.hours) parts.push(`${d.hours} h`);
  if (d.minutes) parts.push(`${d.minutes} min`);
  if (!d.hours && d.seconds) parts.push(`${Math.floor(d.seconds)} s`);
  return parts.join(' ');
}

/**
 * Whose clock a run's age cutoff was taken on, e.g. "Tower's, 2 h behind ours", and whether it
 * was too far ahead to be followed.
 */
export function formatClock(clock: RunClock): string {
  if (clock.source === 'local' || clock.skewMs === null) {
    return "this backend's (Tower sent no usable Date header)";
  }
  const skew = clock.skewMs;
  // The Date header has whole seconds: under 2 s apart is in step.
  if (Math.abs(skew) < 2000) return "Tower's, in step with ours";
  const side = skew < 0 ? 'behind' : 'ahead of';
  const reading = `Tower's, ${formatDuration(Math.abs(skew))} ${side} ours`;
  // The age cutoff then sat only capeLabels.maxClockAhead ahead of ours.
  return clock.capped
    ? `${reading} (capped: cutoff at most maxClockAhead ahead)`
    : reading;
}
