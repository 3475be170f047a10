import type { RunClock } from '@smartx-cape/plugin-cape-labels-common';
import { DateTime } from 'luxon';
import type { TowerClockReading } from '../cloudtower/TowerClient';
import { withRetry } from './retry';
import type { RunContext } from './runContext';
import { runNotes } from './runNotes';

/** The default of `capeLabels.maxClockAhead`. */
export const DEFAULT_MAX_CLOCK_AHEAD_MS = 10 * 60_000;

/** A skew worth a line in the log (below it, clocks are merely not identical). */
const NOTABLE_SKEW_MS = 60_000;

/**
 * What the reading says about Tower's clock. A `Date` far ahead would make every label look old
 * (a proxy, or anyone on an unverified connection, can write it): the skew ahead counts up to
 * `maxAheadMs` only. A Tower behind us only makes the cutoff earlier, so it counts in full.
 */
function runClock(
  reading: TowerClockReading,
  nowMs: number,
  maxAheadMs: number,
): { clock: RunClock; effectiveSkewMs: number } {
  if (reading.source === 'local') {
    return { clock: { source: 'local', skewMs: null }, effectiveSkewMs: 0 };
  }
  const skewMs = reading.towerNowMs - nowMs;
  if (skewMs > maxAheadMs) {
    return {
      clock: { source: 'tower', skewMs, capped: true },
      effectiveSkewMs: maxAheadMs,
    };
  }
  return { clock: { source: 'tower', skewMs }, effectiveSkewMs: skewMs };
}

/**
 * The run's start on Tower's clock, which stamps `createdAt`: the age cutoff is taken from it,
 * never more than `maxAheadMs` ahead of ours. Logs in to read the clock (a failed login fails
 * the run), records the reading on the run, and falls back to our clock, saying so on the run
 * and in the log, when Tower sent no usable `Date` header. A run that got in as an LDAP user or
 * with an API key notes how.
 */
export async function towerRunStart(run: RunContext): Promise<DateTime> {
  const { runId, tower, logger, maxClockAheadMs } = run;
  const reading: TowerClockReading = run.client.readClock
    ? await run.client.readClock(run.signal)
    : { source: 'local', reason: 'the client cannot read Tower clock' };
  const login = run.client.loginUsed?.();
  const loginNote = login && runNotes.login(login);
  if (loginNote) run.notes.keep(loginNote);
  const { clock, effectiveSkewMs } = runClock(
    reading,
    run.now().getTime(),
    maxClockAheadMs,
  );
  await withRetry(() => run.store.setRunClock(runId, clock));
  if (reading.source === 'local') {
    logger.warn(
      `Tower ${tower.id}: ${reading.reason}; run ${runId} takes its age cutoff on this backend's clock`,
    );
  } else if (clock.capped) {
    logger.warn(
      `Tower ${tower.id}: Tower's clock is ${clock.skewMs} ms ahead of ours, more than capeLabels.maxClockAhead (${maxClockAheadMs} ms); run ${runId} takes its age cutoff only that far ahead`,
    );
  } else if (Math.abs(clock.skewMs!) >= NOTABLE_SKEW_MS) {
    logger.info(
      `Tower ${tower.id}: Tower's clock is ${clock.skewMs} ms from ours; run ${runId} takes its age cutoff on Tower's clock`,
    );
  }
  return DateTime.fromJSDate(run.startedAt).toUTC().plus(effectiveSkewMs);
}
