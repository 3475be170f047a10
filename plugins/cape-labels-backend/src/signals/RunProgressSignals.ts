import type { LoggerService } from '@backstage/backend-plugin-api';
import { stringifyError } from '@backstage/errors';
import type { SignalsService } from '@backstage/plugin-signals-node';
import {
  CAPE_LABELS_REFRESH_CHANNEL,
  type CapeLabelsRefreshSignal,
} from '@smartx-cape/plugin-cape-labels-common';
import type { RunProgress } from '../sweep/sweeperHooks';

/** Fire-and-forget: a sweep never waits for, nor fails because of, a nudge to the card. */
export function runProgressSignals(
  signals: SignalsService,
  logger: LoggerService,
): (progress: RunProgress) => void {
  // A broadcast reaches users who may not read this Tower: the bare nudge names nothing.
  return progress =>
    signals
      .publish({
        recipients: { type: 'broadcast' },
        channel: CAPE_LABELS_REFRESH_CHANNEL,
        message: { type: 'refresh' } satisfies CapeLabelsRefreshSignal,
      })
      .catch(error =>
        logger.warn(
          `Tower ${progress.towerId}: could not publish run progress: ${stringifyError(error)}`,
        ),
      );
}
