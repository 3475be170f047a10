import type { LoggerService } from '@backstage/backend-plugin-api';
import type { RunClock } from '@smartx-cape/plugin-cape-labels-common';
import { DateTime } from 'luxon';
import { describeLogin } from '../cloudtower/passwordLogin';
import type { TowerClient, TowerClockReading } from '../cloudtower/types';
import type { RunStore } from '../database';
import { withRetry } from './retry';

export type RunClockDeps = {
  towerId: string;
  client: TowerClient;
  store: Pick<RunStore, 'setRunClock'>;
  logger: Pick<LoggerService, 'info' | 'warn'>;
  /** Our clock (the sweeper's). */
  now: () => Date;
  /** Keeps a remark on the run (the client has logged how it logged in already). */
  note?: (text: string) => void;
};

/** A skew worth a line in the log (below it, clocks are merely not identical). */
const NOTABLE_SKEW_MS = 60_000;

/**
 * The run's start on Tower's clock, which stamps `createdAt`: the age cutoff is taken from it.
 * Logs in to read the clock (a failed login fails the run), records the reading on the run,
 * and falls back to our clock, saying so on the run and in the log, when Tower sent no usable
 * `Date` header. A run that got in as an LDAP user or with an API key notes how.
 */
export async function towerRunStart(
  deps: RunClockDeps,
  runId: string,
  startedAt: Date,
  signal?: AbortSignal,
): Promise<DateTime> {
  const reading: TowerClockReading = deps.client.readClock
    ? await deps.client.readClock(signal)
    : { source: 'local', reason: 'the client cannot read Tower clock' };
  const login = deps.client.loginUsed?.();
  if (login && !(login.method === 'password' && login.source === 'LOCAL')) {
    deps.note?.(describeLogin(login));
  }
  const clock: RunClock =
    reading.source === 'tower'
      ? { source: 'tower', skewMs: reading.towerNowMs - deps.now().getTime() }
      : { source: 'local', skewMs: null };
  await withRetry(() => deps.store.setRunClock(runId, clock));
  if (reading.source === 'local') {
    deps.logger.warn(
      `Tower ${deps.towerId}: ${reading.reason}; run ${runId} takes its age cutoff on this backend's clock`,
    );
  } else if (Math.abs(clock.skewMs!) >= NOTABLE_SKEW_MS) {
    deps.logger.info(
      `Tower ${deps.towerId}: Tower's clock is ${clock.skewMs} ms from ours; run ${runId} takes its age cutoff on Tower's clock`,
    );
  }
  return DateTime.fromJSDate(startedAt)
    .toUTC()
    .plus(clock.skewMs ?? 0);
}
