import type { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import type { TowerSweeps } from '../service/sweepOnRequest';
import type { TowerReads } from '../service/towerReads';
import { registerReadActions } from './readActions';
import { registerSweepActions } from './sweepActions';

/**
 * Registers the plugin's actions (ids `cape-labels:<name>`; MCP tools `cape-labels.<name>`):
 * list-towers, list-tower-runs, list-run-labels, get-tower-top-sources (read-only),
 * preview-tower-sweep, request-tower-sweep (destructive) and stop-tower-sweep.
 */
export function registerCapeLabelsActions(
  registry: ActionsRegistryService,
  options: { reads: TowerReads; sweeps: TowerSweeps },
): void {
  registerReadActions(registry, options.reads);
  registerSweepActions(registry, options.sweeps);
}
