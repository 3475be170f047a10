import type { NotificationPayload } from '@backstage/plugin-notifications-common';
import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerConfig } from '../config/types';

/** One scope per Tower: a Tower failing every day updates one notification. */
function towerScope(towerId: string): string {
  return `cape-labels:tower:${towerId}`;
}

/**
 * Where a notification points: the run on its Tower's page, below `pagePath`
 * (`capeLabels.notifications.pagePath`).
 */
export function runLink(
  run: Pick<RunSummary, 'id' | 'towerId'>,
  pagePath: string,
): string {
  const query = new URLSearchParams({ run: run.id });
  return `${pagePath}/towers/${encodeURIComponent(run.towerId)}?${query}`;
}

function base(tower: TowerConfig) {
  return { topic: 'cape-labels', scope: towerScope(tower.id) };
}

/** `, requested by service:pipeline` for a run someone asked for; nothing for a scheduled one. */
function requester(run: RunSummary): string {
  return run.requestedBy ? `, requested by ${run.requestedBy}` : '';
}

export function badRunMessage(
  tower: TowerConfig,
  run: RunSummary,
  severity: NotificationPayload['severity'],
  problems: string[],
): NotificationPayload {
  return {
    ...base(tower),
    title: `CAPE label sweep of ${tower.title} needs attention`,
    description: `Run ${run.id} (${run.status}, ${run.startedAt}${requester(run)}): ${problems.join('; ')}.`,
    severity,
  };
}

export function recoveredMessage(
  tower: TowerConfig,
  run: RunSummary,
): NotificationPayload {
  return {
    ...base(tower),
    title: `CAPE label sweep of ${tower.title} recovered`,
    description: `Run ${run.id} succeeded: deleted ${run.counts.deleted}, kept ${run.counts.kept}, nothing failed.`,
    severity: 'low',
  };
}
