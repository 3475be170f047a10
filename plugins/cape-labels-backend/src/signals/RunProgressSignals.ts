import type { LoggerService } from '@backstage/backend-plugin-api';
import { stringifyError } from '@backstage/errors';
import type { SignalsService } from '@backstage/plugin-signals-node';
import {
  capeLabelsTowerChannel,
  type RunProgressSignal,
} from '@smartx-cape/plugin-cape-labels-common';

/**
 * Publishes run progress to the card through Backstage signals. Fire-and-forget: a sweep
 * never waits for, nor fails because of, a signal (without the signals backend the default
 * signals service publishes on the events bus and nobody listens).
 */
export class RunProgressSignals {
  constructor(
    private readonly signals: SignalsService,
    private readonly logger: LoggerService,
  ) {}

  publish(progress: RunProgressSignal): void {
    // Only ids and status (signals reach users without cape-labels.read): the card re-reads
    // the counts through its permissioned API.
    const message: RunProgressSignal = {
      runId: progress.runId,
      towerId: progress.towerId,
      status: progress.status,
    };
    this.signals
      .publish({
        recipients: { type: 'broadcast' },
        channel: capeLabelsTowerChannel(progress.towerId),
        message,
      })
      .catch(error =>
        this.logger.warn(
          `Tower ${progress.towerId}: could not publish run progress: ${stringifyError(error)}`,
        ),
      );
  }
}
