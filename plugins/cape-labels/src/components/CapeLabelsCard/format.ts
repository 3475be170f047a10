import type {
  RunSummary,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
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

/** Turns anything thrown into an Error. */
export function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

/** The most useful message of an error, preferring the backend's own. */
export function errorMessage(e: unknown): string {
  if (typeof e === 'object' && e !== null) {
    const body = (e as { body?: { error?: { message?: unknown } } }).body;
    if (typeof body?.error?.message === 'string') {
      return body.error.message;
    }
  }
  return e instanceof Error ? e.message : String(e);
}

/** A sweep is in progress: the backend says so, or the last run has not finished. */
export function isTowerRunning(tower: TowerSummary): boolean {
  return tower.running || tower.lastRun?.status === 'running';
}

/** How a run was started, as the card says it. */
export function triggerLabel(run: RunSummary): string {
  const by = run.requestedBy ? ` by ${run.requestedBy}` : '';
  if (run.trigger === 'external')
    return 'external (scheduler endpoint, preview only)';
  return `${run.trigger}${by}`;
}
