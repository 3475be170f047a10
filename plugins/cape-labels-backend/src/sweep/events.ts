import type { LoggerService } from '@backstage/backend-plugin-api';
import { TOWER_ID_PATTERN } from '../config/types';
import type { SweepCoordinator } from './SweepCoordinator';

/** `cape-labels.sweep-requested`: `{towerId, dryRun?}`. Bad or refused requests are logged, not thrown. */
export async function handleSweepRequestedEvent(
  payload: unknown,
  coordinator: Pick<SweepCoordinator, 'requestSweep'>,
  logger: LoggerService,
): Promise<void> {
  const { towerId, dryRun } = (payload ?? {}) as {
    towerId?: unknown;
    dryRun?: unknown;
  };
  if (
    typeof towerId !== 'string' ||
    !TOWER_ID_PATTERN.test(towerId) ||
    (dryRun !== undefined && typeof dryRun !== 'boolean')
  ) {
    logger.warn(
      'Ignored a cape-labels.sweep-requested event: expected {"towerId": a Tower id, "dryRun"?: boolean}',
    );
    return;
  }
  try {
    await coordinator.requestSweep({
      towerId,
      dryRun: dryRun ?? false,
      trigger: 'event',
    });
  } catch (error) {
    logger.warn(
      `Ignored a cape-labels.sweep-requested event for Tower '${towerId}': ${(error as Error).message}`,
    );
  }
}
