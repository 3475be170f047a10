import type {
  RunStatus,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { CapeLabelsT } from '../translation';

/** What a Tower's status chip shows: a run status, or `never run`. */
export type ChipStatus = RunStatus | 'never run';

/** A sweep is in progress: the backend says so, or the last run has not finished. */
export function isTowerRunning(tower: TowerSummary): boolean {
  return tower.running || tower.lastRun?.status === 'running';
}

/** The status a Tower's row shows. */
export function towerStatus(tower: TowerSummary): ChipStatus {
  return isTowerRunning(tower)
    ? 'running'
    : (tower.lastRun?.status ?? 'never run');
}

const statusKeys = {
  succeeded: 'status.succeeded',
  partial: 'status.partial',
  failed: 'status.failed',
  aborted: 'status.aborted',
  running: 'status.running',
  lost: 'status.lost',
  'never run': 'status.neverRun',
} as const satisfies Record<ChipStatus, string>;

/** A status as the UI names it. */
export function statusName(status: ChipStatus, t: CapeLabelsT): string {
  return t(statusKeys[status]);
}
